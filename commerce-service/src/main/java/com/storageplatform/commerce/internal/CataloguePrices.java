package com.storageplatform.commerce.internal;

import com.storageplatform.kit.client.ServiceClient;
import com.storageplatform.kit.client.ServiceClients;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The price of a unit, or of a unit type, on a day, asked of the catalogue: {@code GET /v1/availability} is the one
 * place prices are computed (docs/api/catalogue.md, "Price quotes"), so commerce quotes and books with exactly what
 * the storefront shows. The call acts for the request's caller with {@code units:read} (403
 * {@code insufficient_scope} when the caller lacks it); empty when the catalogue has no row for it.
 */
@Component
public class CataloguePrices {

    static final String READ_UNITS = "units:read";

    private final ServiceClient catalogue;

    CataloguePrices(ServiceClients clients) {
        this.catalogue = clients.of("catalogue");
    }

    /** A price quote: what to charge per month, in minor units of {@code currency}. */
    public record Price(long priceMinor, String currency) {
    }

    record Row(UUID unitTypeId, UUID unitId, Price price) {
    }

    record Page(List<Row> data) {
    }

    public Mono<Price> ofUnit(UUID unitId, LocalDate date) {
        return first(catalogue.get("/v1/availability?unit_id={unit}&date={date}", unitId, date));
    }

    public Mono<Price> ofUnitType(UUID unitTypeId, LocalDate date) {
        return first(catalogue.get("/v1/availability?unit_type_id={type}&date={date}", unitTypeId, date));
    }

    private static Mono<Price> first(com.storageplatform.kit.client.ServiceCall call) {
        return call.scopes(READ_UNITS).retrieve(Page.class)
                .flatMap(page -> page.data() == null || page.data().isEmpty() || page.data().get(0).price() == null
                        ? Mono.empty() : Mono.just(page.data().get(0).price()));
    }
}
