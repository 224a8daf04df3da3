import { spawnSync } from 'node:child_process';

/**
 * A program of the machine that tests play against because it is not ours (Debian's pymodbus,
 * Mosquitto, Chromium). Where it cannot run, its tests are skipped with one line saying how to
 * install it; but where `MERIDIAN_REQUIRE_PEERS=1` (as `.ci/run` sets), a missing peer is an
 * error, so that an install step CI forgot cannot pass as a skip.
 */
export interface Peer {
  name: string;
  /** The command that installs it, as said to whoever runs the tests. */
  install: string;
  /** Runs what the tests really use (a script's own imports, the binary itself); true when it works. */
  runs(): boolean;
}

export class MissingPeer extends Error {}

/** Whether the peer can run here; throws instead of answering false where peers are required. */
export function peerRuns(peer: Peer): boolean {
  if (peer.runs()) return true;
  const why = `${peer.name} cannot run here (${peer.install})`;
  if (process.env.MERIDIAN_REQUIRE_PEERS === '1') throw new MissingPeer(`${why}, and MERIDIAN_REQUIRE_PEERS=1`);
  console.log(`skipping the tests of ${why}`);
  return false;
}

/** True when `command args` runs and exits with `status`. */
export function exitsWith(command: string, args: readonly string[], status = 0): boolean {
  const run = spawnSync(command, args, { stdio: 'ignore', timeout: 30_000 });
  return run.error === undefined && run.status === status;
}
