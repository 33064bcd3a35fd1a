package com.storageplatform.commerce.internal;

import com.storageplatform.kit.db.AccountStatement;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The operator settings of the caller's account, as auth last published them ({@link OperatorProjection}). An
 * account whose operator event has not arrived yet reads the defaults of a new operator (docs/api/admin.md).
 */
@Component
public class AccountSettings {

    static final String DEFAULT_TIMEZONE = "Europe/London";
    static final String DEFAULT_CURRENCY = "GBP";

    private final DatabaseClient db;
    private final JsonMapper json;

    AccountSettings(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /**
     * @param walkInContactId        the account's walk-in sales record; null until auth has published it
     * @param reservationHoldDays    how long a reservation holds when no {@code held_until} is sent
     * @param refundableDepositMinor the deposit asked with a booking, in {@code defaultCurrency}; null for none
     * @param customerPortalUrl      where a customer returns after paying when no {@code return_url} is sent
     */
    public record Settings(ZoneId timezone, String defaultCurrency, UUID walkInContactId,
            boolean onlineIdChecksEnabled, boolean idCheckRequiredBeforeAccess, List<String> publishedWebsiteUrls,
            int reservationHoldDays, Long refundableDepositMinor, String customerPortalUrl) {

        public static final Settings DEFAULTS = new Settings(ZoneId.of(DEFAULT_TIMEZONE), DEFAULT_CURRENCY, null,
                false, false, List.of(), 7, null, null);

        public Settings {
            publishedWebsiteUrls = List.copyOf(publishedWebsiteUrls);
        }
    }

    public Mono<Settings> of(UUID accountId) {
        return AccountStatement.sql(db, accountId, """
                SELECT timezone, default_currency, walk_in_contact_id, settings::text AS settings
                  FROM account_settings WHERE account_id = :account_id
                """)
                .map(row -> settings(row.get("timezone", String.class), row.get("default_currency", String.class),
                        row.get("walk_in_contact_id", UUID.class), json.readTree(row.get("settings", String.class))))
                .one()
                .defaultIfEmpty(Settings.DEFAULTS);
    }

    static Settings settings(String timezone, String currency, UUID walkIn, JsonNode s) {
        List<String> urls = new ArrayList<>();
        s.path("published_website_urls").forEach(url -> urls.add(url.asString()));
        JsonNode deposit = s.get("refundable_deposit_minor");
        JsonNode portal = s.get("customer_portal_url");
        return new Settings(zone(timezone), currency, walkIn,
                s.path("online_id_checks_enabled").asBoolean(false),
                s.path("id_check_required_before_access").asBoolean(false), urls,
                s.path("reservation_hold_days").asInt(Settings.DEFAULTS.reservationHoldDays()),
                deposit == null || deposit.isNull() ? null : deposit.asLong(),
                portal == null || portal.isNull() ? null : portal.asString());
    }

    private static ZoneId zone(String name) {
        try {
            return ZoneId.of(name);
        } catch (RuntimeException e) {
            return ZoneId.of(DEFAULT_TIMEZONE);
        }
    }
}
