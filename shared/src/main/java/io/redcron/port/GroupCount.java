package io.redcron.port;

/**
 * How many tasks one value of a {@link TaskGrouping} holds, over every page of a listing.
 *
 * @param key      the group's value (a routing group, an owner; an empty owner is "")
 * @param tasks    the tasks with that value
 * @param disabled how many of those are disabled
 */
public record GroupCount(String key, long tasks, long disabled) {
    public GroupCount {
        java.util.Objects.requireNonNull(key, "key");
        if (tasks < 0 || disabled < 0 || disabled > tasks) {
            throw new IllegalArgumentException("disabled: 0 to " + tasks + ", got " + disabled);
        }
    }
}
