/**
 * Layering rules, checked by `npm test` on the compiled output (dist/): dependency-cruiser
 * parses TypeScript only through TypeScript < 7, which this project does not use, so it reads
 * the emitted JavaScript. Type-only imports vanish in the emit; test/architecture/ checks the
 * import specifiers of core/ sources as well, so a type import of a framework fails too.
 *
 * core/ is pure TypeScript: it imports nothing outside core/ (no framework, database,
 * Node built-in or npm package); core/shared imports no area; areas meet at their models and
 * ports, not their use cases; runtimes wire adapters through their entry points; adapters
 * never import runtimes; nothing imports tests.
 */
module.exports = {
  forbidden: [
    {
      name: 'core-no-folder-cycles',
      severity: 'error',
      comment:
        'The folders of core/ form no cycle: an area borrows nothing from another that imports it back, and what two ' +
        'areas share has a neutral home (core/shared). The order of the folders is written in docs/architecture.md.',
      scope: 'folder',
      from: { path: '^dist/core(/|$)' },
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'core/ may import only core/: no npm packages, no Node built-ins, no adapters or runtimes.',
      from: { path: '^dist/core/' },
      to: { pathNot: '^dist/core/' },
    },
    {
      name: 'core-shared-is-a-leaf',
      severity: 'error',
      comment: 'core/shared (errors, pagination, cursors, clock) serves every area and imports none of them.',
      from: { path: '^dist/core/shared/' },
      to: { path: '^dist/core/(?!shared/)' },
    },
    {
      name: 'core-areas-meet-at-their-models-and-ports',
      severity: 'error',
      comment:
        'An area of core/ reaches another through its model, ports and pure helpers, never its use cases: ' +
        'a use case is composed by the runtimes, not called by another area.',
      from: { path: '^dist/core/([^/]+)/' },
      to: { path: ['^dist/core/[^/]+/use-cases/', '^dist/core/[^/]+/[^/]+/use-cases/'], pathNot: '^dist/core/$1/' },
    },
    {
      name: 'runtimes-not-adapter-internals',
      severity: 'error',
      comment:
        'Runtimes wire adapters through their entry points: a dialect through its open function ' +
        '(sqlite-database, postgres-database) and its probe (sqlite-probe, postgres-probe: does a database exist, ' +
        'asked without creating one; sqlite-backup: the online backup and restore of the file), never its migrations, table types, search or index ' +
        'internals, nor a worker thread entry.',
      from: { path: '^dist/runtimes/' },
      to: {
        path: [
          '^dist/adapters/[^/]+/migrations/',
          '^dist/adapters/sqlite/(?!sqlite-(database|probe|backup)\\.js$)',
          '^dist/adapters/postgres/(?!postgres-(database|probe)\\.js$)',
          '^dist/adapters/sql/[^/]+\\.tables\\.js$',
          '^dist/adapters/sql/unique-violation\\.js$',
          '^dist/adapters/node/pdf-text\\.worker\\.js$',
        ],
      },
    },
    {
      name: 'openapi-without-composition',
      severity: 'error',
      comment:
        'The OpenAPI document is generated from the route contracts alone: nothing the generator reaches ' +
        'binds a handler, opens a database or builds the container (docs/decisions/0020, 0023).',
      from: { path: '^dist/runtimes/http/openapi/' },
      to: {
        path: ['^dist/runtimes/shared/composition/', '^dist/runtimes/http/(container|http-deps|route-groups)\\.js$', '^dist/runtimes/http/routes/', '^dist/adapters/'],
        reachable: true,
      },
    },
    {
      name: 'document-formats-in-the-text-extractor',
      severity: 'error',
      comment:
        'A document format is read in one place, behind the TextExtractor port (docs/decisions/0022): ' +
        'the HTML parser in adapters/node/html-text, the PDF reader in its worker thread; the one other ' +
        'use of the parser is the XML of a catalogue XLSX, behind the CatalogueFiles port (docs/decisions/0049).',
      from: { pathNot: '^dist/adapters/node/(html-text|pdf-text\\.worker|catalogue-sheet-xlsx)\\.js$' },
      to: { path: 'node_modules/(htmlparser2|unpdf)/' },
    },
    {
      name: 'adapters-not-runtimes',
      severity: 'error',
      comment: 'Adapters implement ports; they do not know the runtimes that wire them.',
      from: { path: '^dist/adapters/' },
      to: { path: '^dist/runtimes/' },
    },
    {
      name: 'no-test-imports',
      severity: 'error',
      from: { path: '^dist/(core|adapters|runtimes|corpus)/' },
      to: { path: '^(dist/)?test/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
