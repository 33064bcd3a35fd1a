package com.storageplatform.commerce.agreement;

import com.storageplatform.commerce.internal.CatalogueRecords;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Taking out cover under one of the account's coverage products (the catalogue's, from its projection). */
@Component
class AgreementCovers {

    static final String PRODUCT = "coverage_product_id";
    static final String AMOUNT = "cover_minor";

    private final CatalogueRecords catalogue;

    AgreementCovers(CatalogueRecords catalogue) {
        this.catalogue = catalogue;
    }

    /** The coverage product: 422 {@code not_found} on {@code coverage_product_id} when the account has none. */
    Mono<CoverRules.Product> product(Caller caller, UUID id) {
        return catalogue.coverageProduct(caller.accountId(), id)
                .map(CoverRules.Product::of)
                .switchIfEmpty(Mono.error(() -> ApiException.invalid(PRODUCT, FieldIssue.NOT_FOUND)));
    }

    /**
     * A new cover under {@code product}, taken out {@code today} (the site's time zone) for an agreement moving in on
     * {@code moveInDate}, judged whole (422 naming each bad field).
     */
    static Cover start(CoverRules.Product product, Long declared, String currency, LocalDate moveInDate,
            LocalDate today) {
        Validation v = Validation.start();
        CoverRules.offered(v, PRODUCT, product, currency);
        return takenOut(v, product, declared, moveInDate, today);
    }

    /** The coverage product as the catalogue last described it; empty when the account has none (or deleted it). */
    Mono<Optional<CoverRules.Product>> current(Caller caller, UUID id) {
        return catalogue.coverageProduct(caller.accountId(), id).map(CoverRules.Product::of).map(Optional::of)
                .defaultIfEmpty(Optional.empty());
    }

    /**
     * The cover a paid order sold, on the order's own terms (its product, declared amount and currency): the
     * customer has paid for it, so it is never judged again against the product as it is now, which since the
     * order was priced may have been made inactive, repriced per thousand, put in another currency or deleted.
     */
    static Cover paid(UUID productId, Long declared, String currency, LocalDate moveInDate, LocalDate today) {
        return new Cover(Ids.newId(), productId, declared, currency, Cover.startsOn(moveInDate, today), null, today);
    }

    private static Cover takenOut(Validation v, CoverRules.Product product, Long declared, LocalDate moveInDate,
            LocalDate today) {
        Long amount = CoverRules.declared(v, AMOUNT, product, declared);
        v.orThrow();
        return new Cover(Ids.newId(), product.id(), amount, product.currency(), Cover.startsOn(moveInDate, today),
                null, today);
    }

    /** The same cover with another declared amount under its product. */
    static Cover redeclare(Cover cover, CoverRules.Product product, Long declared) {
        Validation v = Validation.start();
        Long amount = CoverRules.declared(v, AMOUNT, product, declared);
        v.orThrow();
        return cover.declaring(amount);
    }
}
