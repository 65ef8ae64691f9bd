package io.redcron.desktop.ui;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/** The UI's words in its language: English, or Simplified Chinese for a Chinese locale. */
public final class Messages {
    public static final String BUNDLE = "io.redcron.desktop.messages";

    private final ResourceBundle bundle;

    public Messages(Locale locale) {
        this.bundle = ResourceBundle.getBundle(BUNDLE, supported(locale));
    }

    /** Chinese locales get Simplified Chinese; everything else English. */
    public static Locale supported(Locale locale) {
        return locale.getLanguage().equals("zh") ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH;
    }

    public ResourceBundle bundle() {
        return bundle;
    }

    public Locale locale() {
        return bundle.getLocale().getLanguage().isEmpty() ? Locale.ENGLISH : bundle.getLocale();
    }

    public String get(String key, Object... arguments) {
        String pattern;
        try {
            pattern = bundle.getString(key);
        } catch (MissingResourceException e) {
            return key;
        }
        return arguments.length == 0 ? pattern : new MessageFormat(pattern, locale()).format(arguments);
    }
}
