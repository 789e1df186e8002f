// Stylelint for the SCSS (npm run lint:styles; part of npm run check). Layout is Prettier's.
/** @type {import("stylelint").Config} */
export default {
  extends: ["stylelint-config-standard-scss"],
  ignoreFiles: ["build/**", "frontend/public/**"],
  rules: {
    // CSS Modules classes are camelCase (styles.heroWrap), the few global utilities kebab-case: both are right here.
    "selector-class-pattern": null,
    // CSS Modules' escape to a global selector (styles/_tokens.scss, before-hydration).
    "selector-pseudo-class-no-unknown": [true, { ignorePseudoClasses: ["global"] }],
    // The fluid type scale's names: $step--1 is step −1.
    "scss/dollar-variable-pattern": [
      "^[a-z][a-z0-9]*(-{1,2}[a-z0-9]+)*$",
      { message: "Expected kebab-case (step--1 allowed)" },
    ],
    // Blank lines group the design tokens (type scale, fonts, radii, layout).
    "scss/dollar-variable-empty-line-before": null,
    // Font families named in SCSS variables keep their names' case.
    "value-keyword-case": ["lower", { ignoreKeywords: ["Georgia", "Roboto"] }],
  },
};
