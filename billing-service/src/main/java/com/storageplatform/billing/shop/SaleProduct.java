package com.storageplatform.billing.shop;

import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.web.FieldIssue;
import java.math.BigDecimal;
import java.util.Currency;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * A catalogue product as a shop sale sells it (docs/api/billing.md), read from billing's projection of the
 * catalogue's products.
 *
 * @param priceMode      {@code fixed} (the price is for one sale of it) or {@code per_unit} (for one unit)
 * @param unitPriceE4    the catalogue's price, VAT inclusive, in 1/10000 of the currency's major unit
 * @param unitPriceMinor the same price in minor units of {@code currency} ({@link #minorUnits}); null when it is not a
 *                       whole number of them, which {@link #refusal} refuses
 * @param stockOnHand    the catalogue's count when billing last heard of the product; null unless {@code trackStock}.
 *                       The catalogue keeps the count, so a sale is never refused on it
 * @param status         {@code active} or {@code archived}
 */
public record SaleProduct(UUID id, String name, String priceMode, String unitLabel, Long unitPriceE4,
        Long unitPriceMinor, String currency, String vatTreatment, boolean trackStock, Long stockOnHand,
        boolean usableShop, String status, String accountingCode) {

    public static final String ACTIVE = "active";

    /** Why a product cannot be sold at the desk: a 422 {@code issue} on the field that named it, and a sentence. */
    public record Refusal(String issue, String message) {
    }

    static SaleProduct of(JsonNode product) {
        Long e4 = product.path("unit_price_e4").isIntegralNumber() && product.path("unit_price_e4").canConvertToLong()
                ? product.path("unit_price_e4").longValue() : null;
        String currency = EventData.text(product, "currency");
        return new SaleProduct(EventData.id(product, "id"), EventData.text(product, "name"),
                EventData.text(product, "price_mode"), EventData.text(product, "unit_label"), e4,
                e4 == null ? null : minorUnits(e4, currency), currency, EventData.text(product, "vat_treatment"),
                product.path("track_stock").asBoolean(false),
                product.path("stock_on_hand").isIntegralNumber() ? product.path("stock_on_hand").longValue() : null,
                product.path("usable_shop").asBoolean(false), EventData.text(product, "status"),
                EventData.text(product, "accounting_code"));
    }

    /**
     * A price in 1/10000 of the major unit as minor units of {@code currency}, exactly: divided by
     * 10^(4 − the currency's decimals), so by 100 for GBP (34500 is 345 pence, 3.45 GBP). Null when that leaves a
     * remainder (34567 is 3.4567 GBP, not a whole number of pence), and for a currency without a fixed number of
     * decimals from 0 to 4: a shop line is a whole number of minor units a unit, and nothing is rounded.
     */
    static Long minorUnits(long unitPriceE4, String currency) {
        int decimals = decimalsOf(currency);
        if (decimals < 0 || decimals > 4) {
            return null;
        }
        long divisor = BigDecimal.TEN.pow(4 - decimals).longValueExact();
        return unitPriceE4 % divisor == 0 ? unitPriceE4 / divisor : null;
    }

    /**
     * Why the desk cannot sell it, or empty when it can: it must be {@code usable_shop} ({@code not_allowed}),
     * {@code active} ({@code not_allowed}: archived products are withdrawn from sale) and priced in whole minor
     * units ({@code invalid}).
     */
    public Optional<Refusal> refusal() {
        if (!usableShop) {
            return Optional.of(new Refusal(FieldIssue.NOT_ALLOWED, "Product " + id + " (" + name + ") is not sold at "
                    + "the desk: its usable_shop is false."));
        }
        if (!ACTIVE.equals(status)) {
            return Optional.of(new Refusal(FieldIssue.NOT_ALLOWED, "Product " + id + " (" + name + ") is archived "
                    + "and no longer on sale."));
        }
        if (unitPriceMinor == null) {
            return Optional.of(new Refusal(FieldIssue.INVALID, "Product " + id + " (" + name + ") costs "
                    + (unitPriceE4 == null ? "no price" : BigDecimal.valueOf(unitPriceE4, 4).stripTrailingZeros()
                            .toPlainString() + " " + currency)
                    + ", which is not a whole number of the currency's minor units; change its unit_price_e4 in "
                    + "the catalogue to sell it at the desk."));
        }
        return Optional.empty();
    }

    private static int decimalsOf(String currency) {
        try {
            return currency == null ? -1 : Currency.getInstance(currency).getDefaultFractionDigits();
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }
}
