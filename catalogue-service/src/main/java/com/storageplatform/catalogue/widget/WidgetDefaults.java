package com.storageplatform.catalogue.widget;

import com.storageplatform.kit.id.Ids;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The widget a site starts with: enabled, the platform's default theme, every unit type shown with prices, holding
 * units ({@code reserve}), and no allowed origins until the operator names its websites.
 */
final class WidgetDefaults {

    static final String PRIMARY_COLOUR = "#1F4E79";
    static final String FONT = "system-ui";
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int KEY_LENGTH = 24;
    private static final SecureRandom RANDOM = new SecureRandom();

    private WidgetDefaults() {
    }

    static Widget forSite(UUID siteId, Instant now) {
        return new Widget(Ids.newId(), Widget.OBJECT, siteId, true, newEmbedKey(),
                new Widget.Theme(PRIMARY_COLOUR, FONT), null, true, List.of(), Widget.RESERVE, now, now);
    }

    /** {@code wk_} and 24 random base62 characters: unguessable enough to be unique, public by design. */
    static String newEmbedKey() {
        StringBuilder key = new StringBuilder("wk_");
        for (int i = 0; i < KEY_LENGTH; i++) {
            key.append(BASE62.charAt(RANDOM.nextInt(BASE62.length())));
        }
        return key.toString();
    }
}
