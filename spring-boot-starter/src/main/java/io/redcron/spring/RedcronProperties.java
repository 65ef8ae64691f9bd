package io.redcron.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The {@code redcron.*} properties of an application that schedules runs. */
@ConfigurationProperties("redcron")
public class RedcronProperties {
    /** Whether the starter configures the client at all. */
    private boolean enabled = true;
    /** The namespace whose tasks the application schedules runs of. */
    private String namespace = "default";

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getNamespace() {
        return namespace;
    }

    public void setNamespace(String namespace) {
        this.namespace = namespace;
    }
}
