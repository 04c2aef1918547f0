import ts from 'typescript';

// React calls whatever an effect callback returns as its cleanup. A DOM method typed `void` may still return a
// value at run time (window.scrollTo returns a Promise in current Chromium), and React calling that blanked the
// app. So an effect may return nothing, undefined or something the type checker knows is a function.
const EFFECT_HOOKS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect']);

const hookName = (callee) => {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier')
    return callee.property.name;
  return undefined;
};

const isFunctionNode = (node) =>
  node.type === 'ArrowFunctionExpression' ||
  node.type === 'FunctionExpression' ||
  node.type === 'FunctionDeclaration';

const isCleanupType = (type) =>
  (type.isUnion() ? type.types : [type]).every(
    (part) => part.getCallSignatures().length > 0 || (part.flags & ts.TypeFlags.Undefined) !== 0,
  );

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Effect callbacks return nothing or a cleanup function, never another value' },
    schema: [],
    messages: {
      returnsValue:
        'React will call what this effect returns as its cleanup, and this is not a function (a `void` call ' +
        'may return anything at run time): put it in a statement of its own.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program)
      throw new Error('effect-returns-cleanup needs type information (parserOptions.projectService)');
    const checker = services.program.getTypeChecker();
    const effectCallbacks = new WeakSet();
    const check = (expression) => {
      if (!isCleanupType(services.getTypeAtLocation(expression)))
        context.report({ node: expression, messageId: 'returnsValue' });
    };
    const enclosingFunction = (node) => {
      let current = node.parent;
      while (current && !isFunctionNode(current)) current = current.parent;
      return current;
    };

    return {
      CallExpression(node) {
        const callback = node.arguments[0];
        if (!callback || !EFFECT_HOOKS.has(hookName(node.callee))) return;
        if (isFunctionNode(callback)) {
          effectCallbacks.add(callback);
          if (callback.body.type !== 'BlockStatement') check(callback.body);
          return;
        }
        const returnsCleanup = services
          .getTypeAtLocation(callback)
          .getCallSignatures()
          .every((signature) => isCleanupType(checker.getReturnTypeOfSignature(signature)));
        if (!returnsCleanup) context.report({ node: callback, messageId: 'returnsValue' });
      },
      ReturnStatement(node) {
        if (node.argument && effectCallbacks.has(enclosingFunction(node))) check(node.argument);
      },
    };
  },
};
