package com.storageplatform.catalogue.widget;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The embeddable booking widget of one site, as clients see it ({@code GET /v1/widgets/{id}}). Read-only through
 * the API: operators change it in the back office.
 *
 * @param embedKey       the public id the embed script names the widget by; not a secret
 * @param unitTypeIds    the unit types the widget shows, or null for every unit type of the site (new ones too)
 * @param allowedOrigins the web origins ({@code https://host[:port]}) allowed to embed it
 * @param bookingMode    {@code reserve} (hold a unit, pay later) or {@code book_and_pay} (book and pay online)
 */
public record Widget(UUID id, String object, UUID siteId, boolean enabled, String embedKey, Theme theme,
        @Nullable List<UUID> unitTypeIds, boolean showPrices, List<String> allowedOrigins, String bookingMode,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "widget";
    public static final String RESERVE = "reserve";
    public static final String BOOK_AND_PAY = "book_and_pay";

    /** The widget's look: a primary colour ({@code #RRGGBB}) and a CSS font family. */
    public record Theme(String primaryColour, String font) {
    }
}
