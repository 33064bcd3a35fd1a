package com.storageplatform.billing.subscription;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.billing.subscription.Subscription.Item;
import com.storageplatform.billing.subscription.Subscription.PendingRenewalChange;
import com.storageplatform.billing.subscription.Subscription.Promotion;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.r2dbc.core.Parameter;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tables of plans: {@code subscriptions}, {@code subscription_charges} and {@code subscription_promotions},
 * read together into a {@link Subscription}. Every statement is bound to an account.
 */
@Repository
class SubscriptionRepository {

    static final String COLUMNS = """
            id, contact_id, site_id, agreement_id, status, billing_interval, interval_count, currency, amount_minor,
            has_licence_fee, licence_fee_vat_treatment, licence_fee_description, start_date, current_period_start,
            current_period_end, next_billing_date, anchor_day, ends_on, payment_method_id, mandate_id, default_rail,
            auto_collect, collection_waived, standing_order, customer_reference, timezone,
            pending_renewal_change::text AS pending_renewal_change, started_at, paused_at, cancelled_at, ended_at,
            created_at, updated_at
            """;
    private static final String CHARGE_COLUMNS = """
            id, kind, description, product_id, cover_id, quantity, amount_minor, price_minor, price_interval,
            price_interval_count, vat_treatment, starts_on, ends_on
            """;

    private final DatabaseClient db;
    private final JsonMapper json;
    private final PlanFees fees;

    SubscriptionRepository(DatabaseClient db, JsonMapper json, PlanFees fees) {
        this.db = db;
        this.json = json;
        this.fees = fees;
    }

    /** With the caller's operator and environment, which the billing run later acts as. */
    Mono<Void> insert(Caller caller, Plan p) {
        return AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO subscriptions (account_id, id, operator_id, environment, contact_id, site_id, agreement_id,
                       status, billing_interval, interval_count, currency, amount_minor, has_licence_fee,
                       licence_fee_vat_treatment, licence_fee_description, start_date, next_billing_date, anchor_day,
                       default_rail, auto_collect, collection_waived, timezone, created_at, updated_at)
                VALUES (:account_id, :id, :operator_id, :environment, :contact_id, :site_id, :agreement_id,
                       :status, :billing_interval, :interval_count, :currency, :amount_minor, :has_licence_fee,
                       :licence_fee_vat_treatment, :licence_fee_description, :start_date, :next_billing_date,
                       :anchor_day, :default_rail, :auto_collect, :collection_waived, :timezone, :created_at,
                       :created_at)
                """)
                .bind("id", p.id())
                .bind("operator_id", caller.operatorId())
                .bind("environment", caller.environment().value())
                .bind("contact_id", p.contactId())
                .bind("site_id", p.siteId())
                .bind("status", p.status())
                .bind("billing_interval", p.billingInterval())
                .bind("interval_count", p.intervalCount())
                .bind("currency", p.currency())
                .bind("amount_minor", p.amountMinor())
                .bind("has_licence_fee", p.hasLicenceFee())
                .bind("licence_fee_vat_treatment", p.licenceFeeVatTreatment())
                .bind("licence_fee_description", p.licenceFeeDescription())
                .bind("start_date", p.startDate())
                .bind("next_billing_date", p.nextBillingDate())
                .bind("anchor_day", p.anchorDay())
                .bind("default_rail", p.defaultRail())
                .bind("auto_collect", p.autoCollect())
                .bind("collection_waived", p.collectionWaived())
                .bind("timezone", p.timezone())
                .bind("created_at", p.createdAt())
                .bind("agreement_id", Parameter.fromOrEmpty(p.agreementId(),
                        UUID.class))
                .then()
                .then(save(caller.accountId(), p));
    }

    /** Writes every field of the plan that changes after it is made. */
    Mono<Void> save(UUID accountId, Plan p) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE subscriptions
                   SET status = :status, start_date = :start_date, billing_interval = :billing_interval,
                       interval_count = :interval_count,
                       amount_minor = :amount_minor, current_period_start = :current_period_start,
                       current_period_end = :current_period_end, next_billing_date = :next_billing_date,
                       anchor_day = :anchor_day, ends_on = :ends_on, payment_method_id = :payment_method_id,
                       mandate_id = :mandate_id, default_rail = :default_rail, auto_collect = :auto_collect,
                       collection_waived = :collection_waived, standing_order = :standing_order,
                       customer_reference = :customer_reference,
                       pending_renewal_change = CAST(:pending_renewal_change AS jsonb), started_at = :started_at,
                       paused_at = :paused_at, cancelled_at = :cancelled_at, ended_at = :ended_at,
                       updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", p.id())
                .bind("status", p.status())
                .bind("start_date", p.startDate())
                .bind("billing_interval", p.billingInterval())
                .bind("interval_count", p.intervalCount())
                .bind("amount_minor", p.amountMinor())
                .bind("next_billing_date", p.nextBillingDate())
                .bind("anchor_day", p.anchorDay())
                .bind("default_rail", p.defaultRail())
                .bind("auto_collect", p.autoCollect())
                .bind("collection_waived", p.collectionWaived())
                .bind("standing_order", p.standingOrder())
                .bind("updated_at", p.updatedAt());
        update = nullable(update, "current_period_start", p.currentPeriodStart(), LocalDate.class);
        update = nullable(update, "current_period_end", p.currentPeriodEnd(), LocalDate.class);
        update = nullable(update, "ends_on", p.endsOn(), LocalDate.class);
        update = nullable(update, "payment_method_id", p.paymentMethodId(), UUID.class);
        update = nullable(update, "mandate_id", p.mandateId(), UUID.class);
        update = nullable(update, "customer_reference", p.customerReference(), String.class);
        update = nullable(update, "pending_renewal_change", p.pendingRenewalChange() == null ? null
                : json.writeValueAsString(p.pendingRenewalChange()), String.class);
        update = nullable(update, "started_at", p.startedAt(), Instant.class);
        update = nullable(update, "paused_at", p.pausedAt(), Instant.class);
        update = nullable(update, "cancelled_at", p.cancelledAt(), Instant.class);
        return nullable(update, "ended_at", p.endedAt(), Instant.class).then()
                .then(fees.rewrite(accountId, p.id()));
    }

    Mono<Plan> plan(UUID accountId, UUID id) {
        return planBy(accountId, id, "");
    }

    /** The caller's plan; one at a site outside a site-restricted caller's sites is 403 {@code site_forbidden}. */
    Mono<Plan> plan(Caller caller, UUID id) {
        return plan(caller.accountId(), id).map(plan -> atCallersSite(caller, plan));
    }

    /** {@link #planForUpdate(UUID, UUID)} for a request: site restriction as {@link #plan(Caller, UUID)}. */
    Mono<Plan> planForUpdate(Caller caller, UUID id) {
        return planForUpdate(caller.accountId(), id).map(plan -> atCallersSite(caller, plan));
    }

    private static Plan atCallersSite(Caller caller, Plan plan) {
        SiteAccess.require(caller, plan.siteId());
        return plan;
    }

    /** The plan, its row locked for the rest of the transaction: every change of a plan takes this lock first. */
    Mono<Plan> planForUpdate(UUID accountId, UUID id) {
        return planBy(accountId, id, " FOR UPDATE");
    }

    private Mono<Plan> planBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM subscriptions WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(this::toPlan)
                .one();
    }

    /** The plans of an agreement, oldest first, locked. */
    Flux<Plan> plansOfAgreementForUpdate(UUID accountId, UUID agreementId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM subscriptions WHERE account_id = :account_id AND agreement_id = :agreement_id
                 ORDER BY id FOR UPDATE
                """)
                .bind("agreement_id", agreementId)
                .map(this::toPlan)
                .all();
    }

    /** The customer's running plan in {@code currency} that bills next (oldest first on a tie), locked. */
    Mono<Plan> runningPlanOfForUpdate(UUID accountId, UUID contactId, String currency) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM subscriptions WHERE account_id = :account_id AND contact_id = :contact_id
                  AND currency = :currency AND status IN ('active', 'past_due')
                 ORDER BY next_billing_date, id LIMIT 1 FOR UPDATE
                """)
                .bind("contact_id", contactId)
                .bind("currency", currency)
                .map(this::toPlan)
                .one();
    }

    /** The plans named that the account has, in key order, locked (a bulk change takes its locks in one order). */
    Flux<Plan> plansForUpdate(UUID accountId, List<UUID> ids) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM subscriptions WHERE account_id = :account_id AND id = ANY(:ids)
                 ORDER BY id FOR UPDATE
                """)
                .bind("ids", ids.toArray(UUID[]::new))
                .map(this::toPlan)
                .all();
    }

    /**
     * The plans that may take a price increase (pending, active or past due, with a licence fee), of the site when
     * one is named, in key order; not locked (the caller locks those it picks, {@link #plansForUpdate}).
     */
    Flux<Plan> increasablePlans(UUID accountId, UUID siteId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM subscriptions
                 WHERE account_id = :account_id AND status IN ('pending', 'active', 'past_due') AND has_licence_fee
                   AND (CAST(:site_id AS uuid) IS NULL OR site_id = CAST(:site_id AS uuid))
                 ORDER BY id
                """)
                .bind("site_id", Parameter.fromOrEmpty(siteId, UUID.class))
                .map(this::toPlan)
                .all();
    }

    /** The plan with its charges and promotion, as a read answers it. */
    Mono<Subscription> find(UUID accountId, UUID id) {
        return plan(accountId, id).flatMap(plan -> view(accountId, plan));
    }

    Mono<Subscription> view(UUID accountId, Plan plan) {
        return charges(accountId, plan.id()).collectList()
                .zipWith(promotion(accountId, plan.id()).map(List::of).defaultIfEmpty(List.of()))
                .map(both -> toSubscription(plan, both.getT1(),
                        both.getT2().isEmpty() ? null : both.getT2().get(0)));
    }

    /** The caller's plans; a site-restricted caller's only at its sites. */
    Mono<Envelopes.ListOf<Subscription>> list(Caller caller, UUID contactId, UUID agreementId, String status,
            PageRequest page) {
        UUID accountId = caller.accountId();
        return ListQuery.from("SELECT " + COLUMNS + " FROM subscriptions", accountId)
                .withinSites(caller, "site_id")
                .where("contact_id = :contact_id", "contact_id", contactId)
                .where("agreement_id = :agreement_id", "agreement_id", agreementId)
                .where("status = :status", "status", status)
                .page(db, page, this::toPlan)
                .flatMap(plans -> Flux.fromIterable(plans.data())
                        .concatMap(plan -> view(accountId, plan))
                        .collectList()
                        .map(views -> new Envelopes.ListOf<>(views, plans.meta())));
    }

    // Repeating charges

    Flux<Item> charges(UUID accountId, UUID planId) {
        return AccountStatement.sql(db, accountId, "SELECT " + CHARGE_COLUMNS + """
                 FROM subscription_charges WHERE account_id = :account_id AND subscription_id = :subscription_id
                 ORDER BY id
                """)
                .bind("subscription_id", planId)
                .map(SubscriptionRepository::toItem)
                .all();
    }

    Mono<Void> insertCharge(UUID accountId, UUID planId, Item c, Instant now) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO subscription_charges (account_id, subscription_id, id, kind, description, product_id,
                       cover_id, quantity, price_minor, price_interval, price_interval_count, amount_minor,
                       vat_treatment, starts_on, ends_on, created_at, updated_at)
                VALUES (:account_id, :subscription_id, :id, :kind, :description, :product_id, :cover_id, :quantity,
                       :price_minor, :price_interval, :price_interval_count, :amount_minor, :vat_treatment,
                       :starts_on, :ends_on, :now, :now)
                """)
                .bind("subscription_id", planId)
                .bind("id", c.id())
                .bind("kind", c.itemType())
                .bind("now", now);
        return chargeValues(insert, c).then();
    }

    Mono<Void> saveCharge(UUID accountId, UUID planId, Item c, Instant now) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE subscription_charges
                   SET description = :description, product_id = :product_id, cover_id = :cover_id,
                       quantity = :quantity, price_minor = :price_minor, price_interval = :price_interval,
                       price_interval_count = :price_interval_count, amount_minor = :amount_minor,
                       vat_treatment = :vat_treatment, starts_on = :starts_on, ends_on = :ends_on, updated_at = :now
                 WHERE account_id = :account_id AND subscription_id = :subscription_id AND id = :id
                """)
                .bind("subscription_id", planId)
                .bind("id", c.id())
                .bind("now", now);
        return chargeValues(update, c).then();
    }

    private static GenericExecuteSpec chargeValues(GenericExecuteSpec spec, Item c) {
        spec = spec.bind("description", c.description())
                .bind("quantity", c.quantity())
                .bind("amount_minor", c.amountMinor())
                .bind("vat_treatment", c.vatTreatment());
        spec = nullable(spec, "product_id", c.productId(), UUID.class);
        spec = nullable(spec, "cover_id", c.coverId(), UUID.class);
        spec = nullable(spec, "price_minor", c.priceMinor(), Long.class);
        spec = nullable(spec, "price_interval", c.priceInterval(), String.class);
        spec = nullable(spec, "price_interval_count", c.priceIntervalCount(), Integer.class);
        spec = nullable(spec, "starts_on", c.startsOn(), LocalDate.class);
        return nullable(spec, "ends_on", c.endsOn(), LocalDate.class);
    }

    // Promotions

    /** The promotion in force on the plan, with the periods it has discounted on invoices still standing. */
    Mono<Promotion> promotion(UUID accountId, UUID planId) {
        return AccountStatement.sql(db, accountId, """
                SELECT p.id, p.coupon_id, p.code, p.name, p.discount_kind, p.discount_value, p.duration,
                       p.periods_total, p.source, p.created_at,
                       (SELECT count(*) FROM subscription_periods s
                         WHERE s.account_id = p.account_id AND s.promotion_id = p.id) AS periods_applied
                  FROM subscription_promotions p
                 WHERE p.account_id = :account_id AND p.subscription_id = :subscription_id AND p.removed_at IS NULL
                """)
                .bind("subscription_id", planId)
                .map(row -> new Promotion(row.get("id", UUID.class), row.get("coupon_id", UUID.class),
                        row.get("code", String.class), row.get("name", String.class),
                        row.get("discount_kind", String.class), row.get("discount_value", Long.class),
                        row.get("duration", String.class), row.get("periods_total", Integer.class),
                        row.get("periods_applied", Long.class).intValue(), row.get("source", String.class),
                        row.get("created_at", Instant.class)))
                .one();
    }

    Mono<Void> insertPromotion(UUID accountId, UUID planId, Promotion p) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO subscription_promotions (account_id, id, subscription_id, coupon_id, code, name,
                       discount_kind, discount_value, duration, periods_total, source, created_at)
                VALUES (:account_id, :id, :subscription_id, :coupon_id, :code, :name, :discount_kind,
                       :discount_value, :duration, :periods_total, :source, :created_at)
                """)
                .bind("id", p.id())
                .bind("subscription_id", planId)
                .bind("coupon_id", p.couponId())
                .bind("name", p.name())
                .bind("discount_kind", p.discountKind())
                .bind("discount_value", p.discountValue())
                .bind("duration", p.duration())
                .bind("source", p.source())
                .bind("created_at", p.createdAt());
        insert = nullable(insert, "code", p.code(), String.class);
        return nullable(insert, "periods_total", p.periodsTotal(), Integer.class).then()
                .then(fees.rewrite(accountId, planId));
    }

    Mono<Void> removePromotion(UUID accountId, UUID planId, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE subscription_promotions SET removed_at = :now
                 WHERE account_id = :account_id AND subscription_id = :subscription_id AND removed_at IS NULL
                """)
                .bind("subscription_id", planId)
                .bind("now", now)
                .then()
                .then(fees.rewrite(accountId, planId));
    }

    /** Whether a plan of the agreement ever carried a promotion from {@code source} (the booking's offer). */
    Mono<Boolean> agreementHadPromotionFrom(UUID accountId, UUID agreementId, List<String> sources) {
        return AccountStatement.sql(db, accountId, """
                SELECT 1 FROM subscription_promotions p
                  JOIN subscriptions s ON s.account_id = p.account_id AND s.id = p.subscription_id
                 WHERE p.account_id = :account_id AND s.agreement_id = :agreement_id AND p.source = ANY(:sources)
                 LIMIT 1
                """)
                .bind("agreement_id", agreementId)
                .bind("sources", sources.toArray(String[]::new))
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }

    private Plan toPlan(Readable row) {
        String change = row.get("pending_renewal_change", String.class);
        return new Plan(row.get("id", UUID.class), row.get("contact_id", UUID.class), row.get("site_id", UUID.class),
                row.get("agreement_id", UUID.class), row.get("status", String.class),
                row.get("billing_interval", String.class), row.get("interval_count", Integer.class),
                row.get("currency", String.class), row.get("amount_minor", Long.class),
                row.get("has_licence_fee", Boolean.class), row.get("licence_fee_vat_treatment", String.class),
                row.get("licence_fee_description", String.class), row.get("start_date", LocalDate.class),
                row.get("current_period_start", LocalDate.class), row.get("current_period_end", LocalDate.class),
                row.get("next_billing_date", LocalDate.class), row.get("anchor_day", Integer.class),
                row.get("ends_on", LocalDate.class), row.get("payment_method_id", UUID.class),
                row.get("mandate_id", UUID.class), row.get("default_rail", String.class),
                row.get("auto_collect", Boolean.class), row.get("collection_waived", Boolean.class),
                row.get("standing_order", Boolean.class), row.get("customer_reference", String.class),
                row.get("timezone", String.class),
                change == null ? null : json.readValue(change, PendingRenewalChange.class),
                row.get("started_at", Instant.class), row.get("paused_at", Instant.class),
                row.get("cancelled_at", Instant.class), row.get("ended_at", Instant.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }

    private static Item toItem(Readable row) {
        return new Item(row.get("id", UUID.class), row.get("kind", String.class), row.get("description", String.class),
                row.get("product_id", UUID.class), row.get("cover_id", UUID.class),
                row.get("quantity", Integer.class), row.get("amount_minor", Long.class),
                row.get("price_minor", Long.class), row.get("price_interval", String.class),
                row.get("price_interval_count", Integer.class), row.get("vat_treatment", String.class),
                row.get("starts_on", LocalDate.class), row.get("ends_on", LocalDate.class));
    }

    /** The resource: the plan, its licence fee (an item under the plan's own id) and charges, its promotion. */
    static Subscription toSubscription(Plan p, List<Item> charges, Promotion promotion) {
        List<Item> items = new ArrayList<>();
        if (p.hasLicenceFee()) {
            items.add(licenceFee(p));
        }
        items.addAll(charges);
        return new Subscription(p.id(), Subscription.OBJECT, p.agreementId(), p.contactId(), p.siteId(), p.status(),
                p.billingInterval(), p.intervalCount(), p.currency(), p.amountMinor(), p.startDate(),
                p.currentPeriodStart(), p.currentPeriodEnd(), p.nextBillingDate(), p.anchorDay(), p.endsOn(),
                p.paymentMethodId(), p.mandateId(), p.defaultRail(), p.autoCollect(), p.collectionWaived(),
                p.standingOrder(), p.customerReference(), List.copyOf(items), p.pendingRenewalChange(), promotion,
                p.startedAt(), p.pausedAt(), p.cancelledAt(), p.endedAt(), p.createdAt(), p.updatedAt());
    }

    static Item licenceFee(Plan p) {
        return new Item(p.id(), Item.LICENCE_FEE, p.licenceFeeDescription(), null, null, 1, p.amountMinor(), null,
                null, null, p.licenceFeeVatTreatment(), null, null);
    }
}
