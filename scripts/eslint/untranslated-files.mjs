// The files under app/ and components/ that still render literal text
// (loyaltap/no-literal-ui-string), found by running the rule without the
// UNTRANSLATED_FILES ignores of eslint.config.mjs.
//   node scripts/eslint/untranslated-files.mjs          prints the list, ready to paste
//   node scripts/eslint/untranslated-files.mjs --check  fails when the list names a file
//                                                        that is clean or gone (remove it)
// A file that fails and is not listed already fails `npm run lint`.
import path from "node:path";
import { ESLint } from "eslint";
import config, { UNTRANSLATED_FILES } from "../../eslint.config.mjs";

const RULE = "loyaltap/no-literal-ui-string";

const withoutList = config.map((block) => (block.rules?.[RULE] ? { ...block, ignores: [] } : block));
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: withoutList,
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});
const results = await eslint.lintFiles(["app", "components"]);
const failing = results
  .filter((result) => result.messages.some((message) => message.ruleId === RULE))
  .map((result) => path.relative(process.cwd(), result.filePath).split(path.sep).join("/"))
  .sort();

if (process.argv.includes("--check")) {
  const stale = UNTRANSLATED_FILES.filter((file) => !failing.includes(file));
  if (stale.length > 0) {
    console.error(`UNTRANSLATED_FILES lists ${stale.length} file(s) that are clean or gone; remove them:`);
    for (const file of stale) console.error(`  ${file}`);
    process.exit(1);
  }
  console.log(`UNTRANSLATED_FILES: ${UNTRANSLATED_FILES.length} file(s), all still untranslated.`);
} else {
  console.log(`const UNTRANSLATED_FILES = [\n${failing.map((file) => `  ${JSON.stringify(file)},`).join("\n")}\n];`);
}
