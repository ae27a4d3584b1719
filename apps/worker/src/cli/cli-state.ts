import type { StartupSignals } from "../shutdown/watch-startup-signals.js";

/**
 * What a command shares with the command line as it runs: its exit status, how to clean a
 * message before it is printed (a query command scrubs its database password from it), and
 * the start's signal watch.
 */
export interface CliState {
  code: number;
  scrub: (text: string) => string;
  /**
   * SIGTERM and SIGINT, watched from before the command line is parsed: a signal at any point
   * of a start stops it after the step under way (see `watchStartupSignals`). A command that
   * opens nothing stops the watch first thing.
   */
  readonly starting: StartupSignals;
}
