package com.storageplatform.catalogue.product;

import static com.storageplatform.kit.validation.Text.blankToNull;
import static com.storageplatform.kit.validation.Text.strip;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Products of the caller's account. A product belongs to the account, not to a site: a site-restricted caller
 * reads them but cannot create or change them (403 {@code site_forbidden}), since a change reaches every site.
 */
@Service
class ProductService {

    private static final Logger log = LoggerFactory.getLogger(ProductService.class);

    private final ProductRepository products;
    private final ProductEvents events;
    private final Clock clock;

    ProductService(ProductRepository products, ProductEvents events, Clock clock) {
        this.products = products;
        this.events = events;
        this.clock = clock;
    }

    Mono<Product> create(Caller caller, CreateProduct body) {
        return Mono.defer(() -> {
            requireWholeAccount(caller);
            Instant now = clock.instant();
            Product product = new Product(Ids.newId(), Product.OBJECT, strip(body.name()),
                    blankToNull(body.description()), blankToNull(body.sku()), blankToNull(body.accountingCode()),
                    orDefault(body.usableWebsite(), false), orDefault(body.usableShop(), true),
                    orDefault(body.trackStock(), false), body.stockOnHand(), body.priceMode(),
                    blankToNull(body.unitLabel()), body.unitPriceE4(), body.currency(),
                    body.standardRateAbovePerDay(),
                    body.vatTreatment() == null ? Product.STANDARD_20 : body.vatTreatment(),
                    body.status() == null ? Product.ACTIVE : body.status(), now, now);
            Validation v = Validation.start();
            ProductRules.check(v, product);
            v.orThrow();
            return products.insert(caller.accountId(), product)
                    .then(events.created(caller, product))
                    .thenReturn(product);
        });
    }

    /** 404 {@code not_found} when the caller's account has no product with this id (another account's included). */
    Mono<Product> read(Caller caller, UUID id) {
        return products.find(caller.accountId(), id).switchIfEmpty(notFound());
    }

    Mono<Envelopes.ListOf<Product>> list(Caller caller, Boolean usableWebsite, Boolean usableShop, String status,
            PageRequest page) {
        return products.list(caller.accountId(), usableWebsite, usableShop, status, page);
    }

    /**
     * Applies the fields that were sent. A request that changes nothing leaves the product as it was: no write, no
     * event, {@code updated_at} unmoved. Archiving is {@code status: archived}.
     */
    Mono<Product> update(Caller caller, UUID id, ProductChanges changes) {
        return products.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(notFound())
                .flatMap(current -> {
                    requireWholeAccount(caller);
                    Product changed = apply(current, changes);
                    if (changed.equals(current)) {
                        return Mono.just(current);
                    }
                    Product saved = changed.updatedAt(clock.instant());
                    return products.update(caller.accountId(), saved)
                            .then(events.changed(caller, current, saved))
                            .thenReturn(saved);
                });
    }

    /**
     * Applies billing's stock movement to a product with {@code track_stock}, publishing {@code product.updated}
     * as any change of the product does. A product without {@code track_stock}, or one this account does not have,
     * is left as it is; so is a stock the movement does not change (a sale from a stock of 0). A sale beyond the
     * stock on hand takes it to 0 and logs the shortfall ({@link StockMovement#stockAfter}).
     */
    Mono<Void> moveStock(Caller caller, StockMovement movement) {
        return products.findForUpdate(caller.accountId(), movement.productId())
                .switchIfEmpty(Mono.fromRunnable(() -> log.warn(
                        "Stock movement {} names product {}, which account {} does not have; nothing moved",
                        movement.id(), movement.productId(), caller.accountId())))
                .flatMap(current -> {
                    if (!current.trackStock()) {
                        return Mono.empty();
                    }
                    long onHand = current.stockOnHand();
                    long shortfall = movement.shortfall(onHand);
                    if (shortfall > 0) {
                        log.warn("Product {} of account {}: invoice {} sold {} with {} in stock, {} short; stock set "
                                + "to 0", current.id(), caller.accountId(), movement.invoiceId(),
                                movement.quantity(), onHand, shortfall);
                    }
                    long after = movement.stockAfter(onHand);
                    if (after == onHand) {
                        return Mono.empty();
                    }
                    Product saved = current.withStockOnHand(after).updatedAt(clock.instant());
                    return products.update(caller.accountId(), saved).then(events.changed(caller, current, saved));
                });
    }

    /**
     * {@code current} with the sent fields applied, then judged whole. A field that only applies with another
     * ({@code unit_label} with {@code per_unit}, {@code stock_on_hand} with {@code track_stock},
     * {@code standard_rate_above_per_day} with a treatment other than {@code standard_20}) is cleared when that
     * other field changes so that it no longer applies, unless it is sent too.
     */
    private static Product apply(Product current, ProductChanges c) {
        Validation v = Validation.start();
        String priceMode = Patch.apply(c.priceMode(), current.priceMode());
        boolean trackStock = bool(v, "track_stock", c.trackStock(), current.trackStock());
        String vatTreatment = Patch.apply(c.vatTreatment(), current.vatTreatment());
        String unitLabel = c.unitLabel() == null && Product.FIXED.equals(priceMode) ? null
                : c.unitLabel() == null ? current.unitLabel() : blankToNull(c.unitLabel().value());
        Long stock = c.stockOnHand() == null && !trackStock ? null : Patch.apply(c.stockOnHand(),
                current.stockOnHand());
        Long threshold = c.standardRateAbovePerDay() == null && Product.STANDARD_20.equals(vatTreatment) ? null
                : Patch.apply(c.standardRateAbovePerDay(), current.standardRateAbovePerDay());
        Product changed = new Product(current.id(), current.object(),
                c.name() == null ? current.name() : strip(c.name().value()),
                c.description() == null ? current.description() : blankToNull(c.description().value()),
                c.sku() == null ? current.sku() : blankToNull(c.sku().value()),
                c.accountingCode() == null ? current.accountingCode() : blankToNull(c.accountingCode().value()),
                bool(v, "usable_website", c.usableWebsite(), current.usableWebsite()),
                bool(v, "usable_shop", c.usableShop(), current.usableShop()),
                trackStock, stock, priceMode, unitLabel,
                Patch.apply(c.unitPriceE4(), current.unitPriceE4()),
                Patch.apply(c.currency(), current.currency()),
                threshold, vatTreatment,
                Patch.apply(c.status(), current.status()),
                current.createdAt(), current.updatedAt());
        ProductRules.check(v, changed);
        v.orThrow();
        return changed;
    }

    /** A flag that always has a value: {@code null} sent for it is {@code required}. */
    private static boolean bool(Validation v, String field, Patch<Boolean> patch, boolean current) {
        if (patch == null) {
            return current;
        }
        v.check(patch.isNull(), field, FieldIssue.REQUIRED);
        return Objects.requireNonNullElse(patch.value(), current);
    }

    private static boolean orDefault(Boolean value, boolean fallback) {
        return value == null ? fallback : value;
    }

    private static void requireWholeAccount(Caller caller) {
        if (caller.isSiteRestricted()) {
            throw SiteAccess.forbidden();
        }
    }

    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("product"));
    }
}
