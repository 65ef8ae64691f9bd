package io.redcron.desktop.maintenance;

import java.util.Arrays;
import java.util.Optional;

/**
 * The fields of the Pause dialog, each with the name {@link io.redcron.domain.MaintenanceWindow.Request}
 * and the store give it at the start of their errors ("until: must be after the start …").
 */
public enum PauseField {
    GROUP("group", "group"),
    FROM("from", "from"),
    UNTIL("until", "until"),
    ON_RESUME("onResume", "on-resume"),
    REASON("reason", "reason");

    private final String id;
    private final String domainName;

    PauseField(String id, String domainName) {
        this.id = id;
        this.domainName = domainName;
    }

    /** The field an error of the domain names, if it is one of the dialog's. */
    static Optional<PauseField> named(String domainName) {
        return Arrays.stream(values()).filter(field -> field.domainName.equals(domainName)).findFirst();
    }

    /** How the view names the field's error label: {@code groupError}, {@code untilError}, … */
    public String id() {
        return id;
    }
}
