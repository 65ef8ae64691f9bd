package io.redcron.port;

/** A property that tasks are listed in groups of: the listing is ordered by it first, so a group is contiguous across pages. */
public enum TaskGrouping { GROUP, OWNER }
