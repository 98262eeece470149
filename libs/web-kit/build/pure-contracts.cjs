// webpack plugin, in every bundle's build (federation.cjs): tells webpack's parser that the initialiser of every
// module-level `const` in libs/contracts is pure, so that the declarations a page does not use are left out together
// with what only they import.
//
// libs/contracts is declared side-effect free, which lets webpack skip a module nobody imports from; but within a module
// it must assume that each unannotated call (`z.object(...)`, a helper building a schema) runs for its effect. One list
// of quote-requests.ts read by the estimate page thus kept every schema of that module, and zod's classic API with them.
// It holds because contracts' module-level constants only build values: schemas, message tables, lists.
'use strict';

const path = require('node:path');

const NAME = 'PureContractDeclarations';
const PARSER_TYPES = ['javascript/auto', 'javascript/esm'];
const INITIALISER_TYPES = [
  'CallExpression',
  'NewExpression',
  'MemberExpression',
  'ChainExpression',
  'ArrayExpression',
  'ObjectExpression',
  'TemplateLiteral',
  'TaggedTemplateExpression',
  'BinaryExpression',
  'UnaryExpression',
  'LogicalExpression',
  'ConditionalExpression',
];

class PureContractDeclarations {
  /** @param {string} sourceDir absolute path of the folder whose modules' constants are pure (libs/contracts/src) */
  constructor(sourceDir) {
    this.sourceDir = path.resolve(sourceDir) + path.sep;
  }

  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap(NAME, (factory) => {
      for (const type of PARSER_TYPES) factory.hooks.parser.for(type).tap(NAME, (parser) => this.teach(parser));
    });
  }

  teach(parser) {
    let initialisers = new WeakSet();
    parser.hooks.program.tap(NAME, (ast) => {
      initialisers = new WeakSet();
      const resource = parser.state.module?.resource ?? '';
      if (!resource.startsWith(this.sourceDir)) return;
      for (const statement of ast.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations) if (declarator.init) initialisers.add(declarator.init);
      }
    });
    for (const type of INITIALISER_TYPES)
      parser.hooks.isPure.for(type).tap(NAME, (expression) => (initialisers.has(expression) ? true : undefined));
  }
}

module.exports = { PureContractDeclarations };
