package io.redcron.desktop.maintenance;

/** How a maintenance window asked for in the Pause dialog ends: when resumed, at a time, or after a while. */
public enum PauseEnd { RESUMED, AT, AFTER }
