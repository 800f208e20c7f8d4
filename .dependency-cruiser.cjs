/**
 * Layering rules, checked by `npm test` on the compiled output (dist/): dependency-cruiser
 * parses TypeScript only through TypeScript < 7, which this project does not use, so it reads
 * the emitted JavaScript. Type-only imports vanish in the emit; test/architecture/ checks the
 * import specifiers of core/ sources as well, so a type import of a framework fails too.
 *
 * core/ is pure TypeScript: it imports nothing outside core/ (no framework, database,
 * Node built-in or npm package); adapters never import runtimes; nothing imports tests.
 */
module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'core/ may import only core/: no npm packages, no Node built-ins, no adapters or runtimes.',
      from: { path: '^dist/core/' },
      to: { pathNot: '^dist/core/' },
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
