package io.redcron.node.alert;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * An alert as the outbox keeps it: the {@link Alert} with all its fields (written and read by
 * the record's own components, so a field or kind added to it needs nothing here), and for a
 * rate-limit summary the one target it is for and how many alerts it sums up.
 *
 * @param suppressed alerts this one stands for besides itself (a summary); 0 for an alert as raised
 * @param onlyTarget {@link AlertRoutes#key} of the one target a summary goes to; null: every target
 */
record StoredAlert(Alert alert, int suppressed, String onlyTarget) {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            // Written by a newer node, read by an older one during an upgrade.
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    static StoredAlert raised(Alert alert) {
        return new StoredAlert(alert, 0, null);
    }

    static StoredAlert summary(Alert latest, int suppressed, String target) {
        return new StoredAlert(latest, suppressed, target);
    }

    @JsonIgnore
    boolean isSummary() {
        return onlyTarget != null;
    }

    String json() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("alert " + alert.kind() + " cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** @throws IllegalArgumentException for a payload this node cannot read (an alert kind it does not know) */
    static StoredAlert parse(String json) {
        try {
            return JSON.readValue(json, StoredAlert.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("payload: not an alert this node can read: " + e.getOriginalMessage(), e);
        }
    }
}
