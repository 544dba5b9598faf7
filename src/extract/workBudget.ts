/**
 * The work one file may cost to parse and extract. Pathological input (100 KB of `(`,
 * deep nesting, huge lines) makes tree-sitter's query cursor quadratic; without a bound
 * one such file stalls a whole index run. Work is counted in units, so the same file is
 * cut off on every machine; the time limit is the safety net for work no count covers.
 */
export interface WorkBudget {
  /** Milliseconds from the start of the parse to the facts; 0 means no time limit. */
  readonly milliseconds: number;
  /**
   * Work units: about one per parser operation, tree node and query step the file is
   * estimated to cost, plus one per fact extracted (see DEFAULT_WORK_BUDGET).
   */
  readonly workUnits: number;
}

/**
 * Ten seconds per file (a 1 MiB generated Go file takes about five on a loaded 2-core
 * machine), and a work bound that ordinary code stays far below (1 MB of TypeScript costs
 * about 2 million units, 2 MB of generated Go 9 million, 5,000 nested Python calls 125
 * million) while 100 KB of `(` (5 billion) is cut off before its query runs.
 */
export const DEFAULT_WORK_BUDGET: WorkBudget = { milliseconds: 10_000, workUnits: 200_000_000 };

/** The default work bound with no time limit: the same input always gives the same facts. */
export const UNTIMED_WORK_BUDGET: WorkBudget = { milliseconds: 0, workUnits: DEFAULT_WORK_BUDGET.workUnits };

/** Skip reason of a file whose counted work went over the budget. */
export const SKIP_OVER_WORK_BUDGET = 'over work budget';
/** Skip reason of a file whose parse and extraction went over the time budget. */
export const SKIP_OVER_TIME_BUDGET = 'over time budget';
/** Skip reason of a file whose parse worker went over its memory limit and was replaced. */
export const SKIP_OVER_MEMORY_BUDGET = 'over memory budget';

/**
 * Skip reasons that depend on the machine (its load, its memory) rather than on the file:
 * the same file may pass on the next run, so its facts are not kept as final.
 */
export const RETRIED_SKIP_REASONS: ReadonlySet<string> = new Set([SKIP_OVER_TIME_BUDGET, SKIP_OVER_MEMORY_BUDGET]);

/** The skip reasons a budget gives, for callers that name such files. */
export const BUDGET_SKIP_REASONS: ReadonlySet<string> = new Set([SKIP_OVER_WORK_BUDGET, SKIP_OVER_TIME_BUDGET, SKIP_OVER_MEMORY_BUDGET]);

/** A budget with any missing field taken from the default; throws on a bad value. */
export function workBudget(partial: Partial<WorkBudget> = {}): WorkBudget {
  const budget = { ...DEFAULT_WORK_BUDGET, ...stripUndefined(partial) };
  if (!Number.isFinite(budget.milliseconds) || budget.milliseconds < 0) {
    throw new Error(`extract/workBudget: milliseconds must be a number >= 0 (0 = no limit), got ${budget.milliseconds}`);
  }
  if (!(budget.workUnits > 0)) throw new Error(`extract/workBudget: workUnits must be > 0, got ${budget.workUnits}`);
  return budget;
}

function stripUndefined(partial: Partial<WorkBudget>): Partial<WorkBudget> {
  return Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined));
}

/** Thrown inside a budgeted parse when the file goes over; carries the skip reason. */
export class BudgetExceeded extends Error {
  constructor(readonly reason: string, detail: string) {
    super(`${reason} (${detail})`);
  }
}

/** Counts one file's work against its budget. */
export class WorkMeter {
  private spent = 0;
  private readonly deadline: number;
  private cancelled: BudgetExceeded | undefined;

  constructor(private readonly budget: WorkBudget, private readonly now: () => number = () => performance.now()) {
    this.deadline = budget.milliseconds > 0 ? now() + budget.milliseconds : Infinity;
  }

  /** Units spent so far: never more than the budget, since a charge over it is refused, not made. */
  get units(): number {
    return this.spent;
  }

  /** Whether spending `units` more would go over the work budget (nothing is spent). */
  wouldExceed(units: number): boolean {
    return this.spent + units > this.budget.workUnits;
  }

  /** Spends work units; throws BudgetExceeded when over the work or the time budget. */
  spend(units: number, stage: string): void {
    if (this.spent + units > this.budget.workUnits) {
      throw new BudgetExceeded(SKIP_OVER_WORK_BUDGET, `${stage}: more than ${this.budget.workUnits} work units`);
    }
    this.spent += units;
    this.checkTime(stage);
  }

  /** Throws BudgetExceeded when the time budget is spent. */
  checkTime(stage: string): void {
    if (this.now() > this.deadline) throw new BudgetExceeded(SKIP_OVER_TIME_BUDGET, `${stage}: more than ${this.budget.milliseconds} ms`);
  }

  /**
   * A tree-sitter progress callback (parse or query) that spends `units` on each call and
   * cancels the work once the file is over budget, by returning true. An exception cannot
   * cross into the wasm that calls it, so the caller asks `throwIfCancelled` afterwards.
   */
  progressCallback(units: number, stage: string): () => boolean {
    return () => {
      if (this.cancelled) return true;
      try {
        this.spend(units, stage);
        return false;
      } catch (error) {
        this.cancelled = error as BudgetExceeded;
        return true;
      }
    };
  }

  /** Throws the BudgetExceeded a progress callback cancelled its work with, once. */
  throwIfCancelled(): void {
    const cancelled = this.cancelled;
    this.cancelled = undefined;
    if (cancelled) throw cancelled;
  }
}
