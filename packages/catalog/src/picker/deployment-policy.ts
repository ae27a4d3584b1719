/**
 * What a deployment allows, beyond the catalog itself.
 *
 * @example
 * const policy: DeploymentPolicy = { envelope: { region: ["eu"], retention: ["zero"] }, megaEntry: "anthropic-claude-opus-5" };
 */
export interface DeploymentPolicy {
  /**
   * The compliance envelope: for every tag named here, an entry must carry one of the allowed
   * values. An entry outside it is never picked, and a pin to it is refused.
   */
  readonly envelope?: Readonly<Record<string, readonly string[]>>;
  /**
   * The MEGA entry this deployment pins. `CEILING` resolves to MEGA only when one is pinned
   * (and to XL otherwise), and MEGA seats are served by this entry.
   */
  readonly megaEntry?: string;
  /**
   * `false` forbids prompt caching for the whole deployment, whatever the entries say (some
   * compliance envelopes do): whoever builds the provider clients passes it to their
   * `promptCache` option. Default: each entry's own `promptCache` decides (docs/decisions/0045).
   */
  readonly promptCache?: boolean;
}
