// komorium check PROFILE [--budget FILE] [--baseline BASE.json --max-growth 2%] [--thread NAME]
// Exit status: 0 within budget, 1 a limit exceeded, 2 trouble (bad budget, unreadable profile).

import { existsSync } from 'node:fs';
import { registerCommand } from '../cli';
import { flag, parseArgs, UsageError } from '../args';
import { loadProfile } from '../../profile/load';
import { loadDiffInput } from '../../profile/diff-side-cache';
import { checkBudget, formatCheck, loadBudget, parseGrowth, type Budget } from '../../profile/budget';

const DEFAULT_BUDGET = 'komorium.budget.json';

const USAGE = `usage: komorium check PROFILE.json [--budget FILE] [--baseline BASE.json [--max-growth 2%]]

Checks a profile against bytecode budgets and prints each limit that is exceeded and by how much.
  --budget FILE        the budget (default: ${DEFAULT_BUDGET} in the current directory, if any);
                       schema: docs/PROFILE_FORMAT.md, "Budgets"
  --baseline FILE      a profile to compare the whole run's bytecodes with
  --max-growth P       fail when the run's bytecodes grew more than P percent over the baseline
                       (default: the budget's total.maxGrowth, else 0%)
  --no-cache           do not read or write the side cache for the baseline (as komorium diff:
                       a baseline read again is not parsed again)
Exit status: 0 when within budget, 1 when a limit is exceeded, 2 on an error.`;

registerCommand({
  name: 'check',
  summary: 'check a profile against bytecode budgets and a baseline (for CI)',
  usage: USAGE,
  async run(argv) {
    try {
      const args = parseArgs(argv, {
        budget: { value: true, aliases: ['-b'] },
        baseline: { value: true },
        'max-growth': { value: true },
        'no-cache': {},
      });
      if (args.positional.length !== 1) throw new UsageError(args.positional.length === 0 ? 'no profile file given' : `unexpected argument '${args.positional[1]}'`);
      let budgetFile = flag(args, 'budget');
      if (budgetFile === undefined && existsSync(DEFAULT_BUDGET)) budgetFile = DEFAULT_BUDGET;
      const baselineFile = flag(args, 'baseline');
      const growthText = flag(args, 'max-growth');
      if (growthText !== undefined && baselineFile === undefined) throw new UsageError('--max-growth needs --baseline');
      if (budgetFile === undefined && baselineFile === undefined) throw new UsageError(`nothing to check against: give --budget FILE (or put a ${DEFAULT_BUDGET} here) or --baseline FILE`);
      const budget: Budget = budgetFile !== undefined ? loadBudget(budgetFile) : { methods: [], contexts: [] };
      const profile = loadProfile(args.positional[0]!);
      // the baseline's threads (names, bytecodes) from the side cache when its text has an entry
      const baseline = baselineFile !== undefined ? loadDiffInput(baselineFile, { cache: !args.flags.has('no-cache') }) : undefined;
      let maxGrowth = growthText !== undefined ? parseGrowth(growthText) : budget.total?.maxGrowth;
      if (baseline && maxGrowth === undefined) maxGrowth = 0;
      const r = checkBudget(profile, budget, { ...(baseline ? { baseline } : {}), ...(maxGrowth !== undefined ? { maxGrowth } : {}) });
      process.stdout.write(formatCheck(r));
      return r.violations.length > 0 ? 1 : 0;
    } catch (e) {
      const err = e as Error;
      process.stderr.write(`komorium check: ${err.name && err.name !== 'Error' ? err.name + ': ' : ''}${err.message}\n`);
      return 2;
    }
  },
});
