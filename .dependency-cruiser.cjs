/**
 * Layering rules, checked by `npm test`:
 * core/ is pure TypeScript: it imports nothing outside core/ (no framework, database,
 * Node built-in or npm package); adapters never import runtimes; nothing imports tests.
 */
module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'core/ may import only core/: no npm packages, no Node built-ins, no adapters or runtimes.',
      from: { path: '^core/' },
      to: { pathNot: '^core/' },
    },
    {
      name: 'adapters-not-runtimes',
      severity: 'error',
      comment: 'Adapters implement ports; they do not know the runtimes that wire them.',
      from: { path: '^adapters/' },
      to: { path: '^runtimes/' },
    },
    {
      name: 'no-test-imports',
      severity: 'error',
      from: { path: '^(core|adapters|runtimes|corpus)/' },
      to: { path: '^test/' },
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
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
