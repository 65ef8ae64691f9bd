/**
 * What operators do to a namespace (trigger, retry and cancel runs, requeue or purge dead runs,
 * follow a run's output, announce task changes), written once for every front end (the CLI, the
 * desktop) and only against the ports, so that each action audits the same way and in the same
 * order wherever it is started: record the run, then audit it, then queue it.
 */
package io.redcron.ops;
