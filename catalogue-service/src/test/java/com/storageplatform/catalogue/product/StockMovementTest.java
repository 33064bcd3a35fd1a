package com.storageplatform.catalogue.product;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import org.junit.jupiter.api.Test;

/** The pure rule of what billing's stock movements do to {@code stock_on_hand}. */
class StockMovementTest {

    static StockMovement taken(long quantity) {
        return new StockMovement(Ids.newId(), Ids.newId(), quantity, Ids.newId(), "shop_sale", true);
    }

    static StockMovement returned(long quantity) {
        return new StockMovement(Ids.newId(), Ids.newId(), quantity, Ids.newId(), "shop_return", false);
    }

    @Test
    void aSaleWithinStockTakesTheQuantityOffWithNoShortfall() {
        assertThat(taken(3).stockAfter(40)).isEqualTo(37);
        assertThat(taken(40).stockAfter(40)).isZero();
        assertThat(taken(40).shortfall(40)).isZero();
    }

    @Test
    void aSaleBeyondStockTakesItToZeroAndCountsTheShortfall() {
        assertThat(taken(45).stockAfter(40)).isZero();
        assertThat(taken(45).shortfall(40)).isEqualTo(5);
        assertThat(taken(2).stockAfter(0)).isZero();
        assertThat(taken(2).shortfall(0)).isEqualTo(2);
    }

    @Test
    void aReturnPutsTheQuantityBackUpToTheMostAProductHolds() {
        assertThat(returned(2).stockAfter(37)).isEqualTo(39);
        assertThat(returned(2).shortfall(37)).isZero();
        assertThat(returned(5).stockAfter(ProductRules.STOCK_MAX - 1)).isEqualTo(ProductRules.STOCK_MAX);
    }
}
