package io.redcron.schedule;

import java.util.Locale;

abstract class CronDescriber {
    static CronDescriber forLocale(Locale locale) {
        return new CronDescriber() {
            @Override
            String describe(CronSpec spec) {
                return String.join(" ", spec.texts());
            }
        };
    }

    abstract String describe(CronSpec spec);
}
