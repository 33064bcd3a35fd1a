package com.storageplatform.auth.operator;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code operators} and {@code accounts} tables. */
@Repository
class OperatorRepository {

    private static final String COLUMNS = """
            SELECT o.id, o.name, o.default_currency, o.timezone, o.online_id_checks_enabled,
                   o.id_check_required_before_access, o.void_overdue_enabled, o.deal_lost_default_reason,
                   o.reserved_deal_follow_up_enabled, o.published_website_urls, o.reservation_hold_days,
                   o.refundable_deposit_minor, o.customer_portal_url, o.notification_email, o.price_increase_notice_days,
                   o.walk_in_contact_id_live,
                   o.walk_in_contact_id_test, o.created_at, o.updated_at,
                   live.id AS live_account_id, test.id AS test_account_id""";
    private static final String FROM = """
            FROM operators o
            JOIN accounts live ON live.operator_id = o.id AND live.environment = 'live'
            JOIN accounts test ON test.operator_id = o.id AND test.environment = 'test'""";

    /** Operators are listed across the whole platform; the derived table gives the keyset one {@code id}. */
    private static final String LIST = "SELECT * FROM (" + COLUMNS + " " + FROM + ") AS listed";

    private final DatabaseClient db;

    OperatorRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(Operator operator) {
        OperatorSettings settings = operator.settings();
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                INSERT INTO operators (id, name, default_currency, timezone, online_id_checks_enabled,
                    id_check_required_before_access, void_overdue_enabled, deal_lost_default_reason,
                    reserved_deal_follow_up_enabled, published_website_urls, reservation_hold_days,
                    refundable_deposit_minor, customer_portal_url, notification_email, price_increase_notice_days,
                    walk_in_contact_id_live, walk_in_contact_id_test, created_at, updated_at)
                VALUES (:id, :name, :default_currency, :timezone, :online_id_checks_enabled,
                    :id_check_required_before_access, :void_overdue_enabled, :deal_lost_default_reason,
                    :reserved_deal_follow_up_enabled, :published_website_urls, :reservation_hold_days,
                    :refundable_deposit_minor, :customer_portal_url, :notification_email, :price_increase_notice_days,
                    :walk_in_contact_id_live, :walk_in_contact_id_test, :created_at, :updated_at)
                """)
                .bind("id", operator.id())
                .bind("name", operator.name())
                .bind("default_currency", operator.defaultCurrency())
                .bind("timezone", operator.timezone())
                .bind("walk_in_contact_id_live", operator.walkInContactIds().live())
                .bind("walk_in_contact_id_test", operator.walkInContactIds().test())
                .bind("created_at", operator.createdAt())
                .bind("updated_at", operator.updatedAt());
        Mono<Void> accounts = Flux.fromIterable(operator.accounts()).concatMap(account -> db.sql("""
                INSERT INTO accounts (id, operator_id, environment, created_at)
                VALUES (:id, :operator_id, :environment, :created_at)
                """)
                .bind("id", account.id())
                .bind("operator_id", operator.id())
                .bind("environment", account.environment().value())
                .bind("created_at", operator.createdAt())
                .then()).then();
        return bindSettings(insert, settings).then().then(accounts);
    }

    Mono<Operator> find(UUID id) {
        return db.sql(COLUMNS + " " + FROM + " WHERE o.id = :id")
                .bind("id", id)
                .map(OperatorRepository::toOperator)
                .one();
    }

    /** The operator, its row locked until the transaction ends. */
    Mono<Operator> lock(UUID id) {
        return db.sql(COLUMNS + " " + FROM + " WHERE o.id = :id FOR UPDATE OF o")
                .bind("id", id)
                .map(OperatorRepository::toOperator)
                .one();
    }

    Mono<Envelopes.ListOf<Operator>> list(PageRequest page) {
        return ListQuery.platformWide(LIST).page(db, page, OperatorRepository::toOperator);
    }

    Mono<Void> updateSettings(UUID id, OperatorSettings settings, Instant at) {
        DatabaseClient.GenericExecuteSpec update = db.sql("""
                UPDATE operators SET online_id_checks_enabled = :online_id_checks_enabled,
                    id_check_required_before_access = :id_check_required_before_access,
                    void_overdue_enabled = :void_overdue_enabled,
                    deal_lost_default_reason = :deal_lost_default_reason,
                    reserved_deal_follow_up_enabled = :reserved_deal_follow_up_enabled,
                    published_website_urls = :published_website_urls,
                    reservation_hold_days = :reservation_hold_days,
                    refundable_deposit_minor = :refundable_deposit_minor,
                    customer_portal_url = :customer_portal_url,
                    notification_email = :notification_email,
                    price_increase_notice_days = :price_increase_notice_days,
                    updated_at = :updated_at
                WHERE id = :id
                """)
                .bind("id", id)
                .bind("updated_at", at);
        return bindSettings(update, settings).then();
    }

    /** The operator's account in an environment; empty when there is no such operator. */
    Mono<OperatorAccount> account(UUID operatorId, Environment environment) {
        return db.sql("SELECT id FROM accounts WHERE operator_id = :operator_id AND environment = :environment")
                .bind("operator_id", operatorId)
                .bind("environment", environment.value())
                .map(row -> new OperatorAccount(operatorId, row.get("id", UUID.class), environment))
                .one();
    }

    /** The operator's name (shown to other operators when one of its apps asks for access). */
    Mono<String> nameOf(UUID operatorId) {
        return db.sql("SELECT name FROM operators WHERE id = :id")
                .bind("id", operatorId)
                .map(row -> row.get("name", String.class))
                .one();
    }

    Mono<Boolean> exists(UUID operatorId) {
        return db.sql("SELECT 1 AS found FROM operators WHERE id = :id")
                .bind("id", operatorId)
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }

    private static DatabaseClient.GenericExecuteSpec bindSettings(DatabaseClient.GenericExecuteSpec spec,
            OperatorSettings settings) {
        spec = spec.bind("online_id_checks_enabled", settings.onlineIdChecksEnabled())
                .bind("id_check_required_before_access", settings.idCheckRequiredBeforeAccess())
                .bind("void_overdue_enabled", settings.voidOverdueEnabled())
                .bind("reserved_deal_follow_up_enabled", settings.reservedDealFollowUpEnabled())
                .bind("published_website_urls", settings.publishedWebsiteUrls().toArray(String[]::new))
                .bind("reservation_hold_days", settings.reservationHoldDays())
                .bind("price_increase_notice_days", settings.priceIncreaseNoticeDays());
        spec = nullable(spec, "deal_lost_default_reason", settings.dealLostDefaultReason(), String.class);
        spec = nullable(spec, "refundable_deposit_minor", settings.refundableDepositMinor(), Long.class);
        spec = nullable(spec, "customer_portal_url", settings.customerPortalUrl(), String.class);
        return nullable(spec, "notification_email", settings.notificationEmail(), String.class);
    }

    private static Operator toOperator(Readable row) {
        OperatorSettings settings = new OperatorSettings(
                row.get("online_id_checks_enabled", Boolean.class),
                row.get("id_check_required_before_access", Boolean.class),
                row.get("void_overdue_enabled", Boolean.class),
                row.get("deal_lost_default_reason", String.class),
                row.get("reserved_deal_follow_up_enabled", Boolean.class),
                List.of(row.get("published_website_urls", String[].class)),
                row.get("reservation_hold_days", Integer.class),
                row.get("refundable_deposit_minor", Long.class),
                row.get("customer_portal_url", String.class),
                row.get("notification_email", String.class),
                row.get("price_increase_notice_days", Integer.class));
        return new Operator(
                row.get("id", UUID.class),
                Operator.OBJECT,
                row.get("name", String.class),
                row.get("default_currency", String.class),
                row.get("timezone", String.class),
                List.of(new Operator.Account(row.get("live_account_id", UUID.class), Environment.LIVE),
                        new Operator.Account(row.get("test_account_id", UUID.class), Environment.TEST)),
                settings,
                new Operator.WalkInContactIds(row.get("walk_in_contact_id_live", UUID.class),
                        row.get("walk_in_contact_id_test", UUID.class)),
                row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
