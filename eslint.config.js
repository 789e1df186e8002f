// @ts-check
// ESLint for the TypeScript and React code (npm run lint; part of npm run check). Formatting is Prettier's, not
// ESLint's: none of the sets below carries layout rules. React Router's templates ship no linter; the rule sets are
// those its Remix predecessors shipped (TypeScript, React, hooks, JSX accessibility), in the packages that support
// ESLint 10: @eslint-react for eslint-plugin-react, eslint-plugin-jsx-a11y-x (a maintained fork) for jsx-a11y.
import js from "@eslint/js";
import eslintReact from "@eslint-react/eslint-plugin";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  // Build output, generated files and installed packages (the rest of .gitignore holds no source).
  globalIgnores([
    "build/",
    ".react-router/",
    "frontend/app/generated/",
    "frontend/public/",
    "mailer/vendor/",
    ".stack/",
    ".photos/",
    "test-results/",
    "playwright-report/",
    "reports/",
  ]),
  js.configs.recommended,
  // Type-aware: catches promises nobody awaits (a Playwright assertion without `await` passes silently).
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_name` marks a parameter a signature requires but the body does not use.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // `async` marks functions that implement a promise-returning interface (a mocked fetch, a stop() hook,
      // prerender()); await-thenable and no-floating-promises guard the mistakes that matter.
      "@typescript-eslint/require-await": "off",
      // A loader throws a Response for a 404, as React Router documents.
      "@typescript-eslint/only-throw-error": ["error", { allow: [{ from: "lib", name: "Response" }] }],
    },
  },
  {
    files: ["tests/**", "frontend/tools/bench/**", "**/*.test.{ts,tsx}"],
    rules: {
      // Tests read JSON and HTML of unchecked shape, and feed invalid content on purpose: the assertions are the
      // check, not the types.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // Component tests run the page's inline scripts (the consent bootstrap) as the browser does.
      "@typescript-eslint/no-implied-eval": "off",
    },
  },
  {
    files: ["frontend/**/*.tsx", "frontend/app/**/*.ts"],
    extends: [eslintReact.configs["recommended-type-checked"], jsxA11y.configs.recommended],
    plugins: { "react-hooks": reactHooks },
    rules: {
      // The hooks' two classic rules from React's own plugin. Its React Compiler rules (recommended-latest) would
      // compile every component (8 of ESLint's 30 s here) for a project without the compiler; @eslint-react
      // checks purity, static components and error boundaries without it.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@eslint-react/rules-of-hooks": "off",
      "@eslint-react/exhaustive-deps": "off",
      // What must first match the prerendered HTML and then follow the browser (hydrated, the year, #menu in the
      // address, IntersectionObserver support) is set in an effect after mount, on purpose.
      "@eslint-react/set-state-in-effect": "off",
      // Refs are named for what they hold (openedByHover, pendingFocus), not for being refs.
      "@eslint-react/naming-convention-ref-name": "off",
      "@eslint-react/naming-convention-id-name": "off",
      // Keys are delegated to containers as the WAI-ARIA patterns do (a carousel's and a submenu's arrow keys,
      // Escape on the header, a click on a dialog's backdrop); every control inside is a native button or link.
      "jsx-a11y-x/no-noninteractive-element-interactions": "off",
      "jsx-a11y-x/no-static-element-interactions": "off",
    },
  },
  {
    // The inline scripts are constants of this code (site/consent.ts, site/deferredImages.ts, the proof's), not content.
    files: ["frontend/app/root.tsx", "frontend/app/components/ContactForm/EarlyProofScript.tsx"],
    rules: { "@eslint-react/dom-no-dangerously-set-innerhtml": "off" },
  },
  {
    // Content blocks are rendered in file order and never reorder: their index is their identity.
    files: ["frontend/app/components/RichText/RichText.tsx"],
    rules: { "@eslint-react/no-array-index-key": "off" },
  },
  {
    files: ["**/*.{mjs,cjs,js}"],
    // Plain JavaScript (the native stack's scripts, test fixtures): no type information to lint with.
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
