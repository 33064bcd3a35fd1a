package com.storageplatform.commerce.holds;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.Catalogue;
import com.storageplatform.commerce.support.CataloguePeer;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.commerce.support.People;
import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * A reservation or order for a unit another customer holds is refused before anything is priced: under a race for
 * few units most requests cannot win, and they must not each ask the catalogue first (bench/reservations.sh).
 */
@CommerceTest
class HeldUnitFailsFastTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Test
    void aHeldUnitIsRefusedWithoutAskingTheCatalogueForAPrice() {
        Caller caller = CommerceApi.newAccount();
        Catalogue catalogue = new Catalogue(db);
        UUID site = catalogue.site(caller, "Leeds");
        UUID unit = catalogue.unit(caller, site, catalogue.unitType(caller, site, 5000), "F1");
        People people = new People(db);
        CommerceApi reservations = new CommerceApi(client, json, "/v1/reservations");
        reservations.create(caller, """
                {"contact_id": "%s", "unit_id": "%s", "source": "api"}""".formatted(people.customer(caller), unit));

        int asked = pricesAskedFor(unit);
        assertThat(reservations.errorCode(reservations.post(caller, """
                {"contact_id": "%s", "unit_id": "%s", "source": "api"}""".formatted(people.customer(caller), unit)),
                409)).isEqualTo("unit_reserved");
        CommerceApi orders = reservations.on("/v1/orders");
        assertThat(orders.errorCode(orders.post(caller, """
                {"contact_id": "%s", "unit_id": "%s"}""".formatted(people.customer(caller), unit)), 409))
                .isEqualTo("unit_reserved");
        assertThat(pricesAskedFor(unit)).isEqualTo(asked);
    }

    private static int pricesAskedFor(UUID unit) {
        return (int) CataloguePeer.requests().stream().filter(request -> request.contains(unit.toString())).count();
    }
}
