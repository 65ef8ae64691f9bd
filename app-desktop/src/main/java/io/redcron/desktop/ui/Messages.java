package io.redcron.desktop.ui;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * How the UI speaks to the user: its words in its language (English, or Simplified Chinese for a
 * Chinese locale), and the zone it shows times in ({@link TimeDisplay}).
 */
public final class Messages {
    public static final String BUNDLE = "io.redcron.desktop.messages";

    private final ResourceBundle bundle;
    private final TimeDisplay time;

    public Messages(Locale locale) {
        this(locale, TimeDisplay.inDesktopZone());
    }

    public Messages(Locale locale, TimeDisplay time) {
        this.bundle = ResourceBundle.getBundle(BUNDLE, supported(locale));
        this.time = time;
    }

    /** The same words, times shown as {@code other} says. */
    public Messages withTime(TimeDisplay other) {
        return new Messages(locale(), other);
    }

    public TimeDisplay time() {
        return time;
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
