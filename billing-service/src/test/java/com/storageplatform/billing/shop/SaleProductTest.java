package com.storageplatform.billing.shop;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.id.Ids;
import org.junit.jupiter.api.Test;

/** The price a shop sale charges for a product, whether the desk may sell it, and the stock events' visibility. */
class SaleProductTest {

    static SaleProduct product(boolean usableShop, String status, long unitPriceE4) {
        return new SaleProduct(Ids.newId(), "Archive box", "per_unit", "box", unitPriceE4,
                SaleProduct.minorUnits(unitPriceE4, "GBP"), "GBP", "standard_20", true, 40L, usableShop, status,
                "4010");
    }

    @Test
    void aGbpPriceInMinorUnitsIsItsE4DividedBy100() {
        assertThat(SaleProduct.minorUnits(34500, "GBP")).isEqualTo(345);
        assertThat(SaleProduct.minorUnits(129900, "GBP")).isEqualTo(1299);
        assertThat(SaleProduct.minorUnits(0, "GBP")).isZero();
        assertThat(SaleProduct.minorUnits(1_000_000_000_000L, "GBP")).isEqualTo(10_000_000_000L);
    }

    @Test
    void aPriceThatIsNotAWholeNumberOfMinorUnitsIsNeverRounded() {
        assertThat(SaleProduct.minorUnits(34567, "GBP")).isNull();
        assertThat(SaleProduct.minorUnits(34550, "GBP")).isNull();
        assertThat(SaleProduct.minorUnits(1, "GBP")).isNull();
    }

    @Test
    void theDivisorFollowsTheCurrencysDecimals() {
        assertThat(SaleProduct.minorUnits(1_230_000, "JPY")).isEqualTo(123);   // no decimals: ÷ 10000
        assertThat(SaleProduct.minorUnits(1_234_500, "JPY")).isNull();
        assertThat(SaleProduct.minorUnits(12_340, "KWD")).isEqualTo(1234);     // three decimals: ÷ 10
        assertThat(SaleProduct.minorUnits(12_345, "KWD")).isNull();
        assertThat(SaleProduct.minorUnits(10_000, "XXX")).isNull();            // no fixed decimals
        assertThat(SaleProduct.minorUnits(10_000, null)).isNull();
    }

    @Test
    void anActiveShopProductPricedInWholeMinorUnitsMayBeSold() {
        assertThat(product(true, "active", 34500).refusal()).isEmpty();
    }

    @Test
    void aProductNotUsableShopIsRefusedSayingSo() {
        SaleProduct.Refusal refusal = product(false, "active", 34500).refusal().orElseThrow();
        assertThat(refusal.issue()).isEqualTo("not_allowed");
        assertThat(refusal.message()).contains("usable_shop is false");
    }

    @Test
    void anArchivedProductIsRefusedSayingSo() {
        SaleProduct.Refusal refusal = product(true, "archived", 34500).refusal().orElseThrow();
        assertThat(refusal.issue()).isEqualTo("not_allowed");
        assertThat(refusal.message()).contains("archived");
    }

    @Test
    void aPriceNotInWholeMinorUnitsIsRefusedNamingThePrice() {
        SaleProduct.Refusal refusal = product(true, "active", 34567).refusal().orElseThrow();
        assertThat(refusal.issue()).isEqualTo("invalid");
        assertThat(refusal.message()).contains("3.4567 GBP", "unit_price_e4");
    }

    @Test
    void stockMovementsAreInternalEventsNeverPublic() {
        for (String type : new String[] {StockMovement.TAKEN, StockMovement.RETURNED}) {
            assertThat(EventCatalogue.publicTypeOf(type)).as(type).isEmpty();
            assertThat(EventCatalogue.isPublic(type)).as(type).isFalse();
        }
        assertThat(EventCatalogue.PUBLIC_FAMILIES).doesNotContain("stock");
    }
}
