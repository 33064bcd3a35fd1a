package com.storageplatform.kit.operator;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.Parameter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps a service's {@code account_settings} table from auth's {@code operator.created} and
 * {@code operator.settings_updated} (data: the admin API's operator resource, docs/api/admin.md): one row per
 * account, live and test, with the operator's settings, time zone, currency and the account's walk-in record id. An
 * event older than the row changes nothing. A service that needs its operators' settings declares this as a bean
 * and owns the table in a migration of its own (columns: {@code account_id} primary key, {@code operator_id},
 * {@code environment}, {@code timezone}, {@code default_currency}, {@code walk_in_contact_id}, {@code settings}
 * jsonb, {@code event_time}); it reads them through {@link OperatorSettings}.
 */
public class OperatorSettingsProjection implements EventHandler {

    private static final Logger log = LoggerFactory.getLogger(OperatorSettingsProjection.class);

    private final DatabaseClient db;

    public OperatorSettingsProjection(DatabaseClient db) {
        this.db = db;
    }

    @Override
    public String topic() {
        return "auth.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("operator.created", "operator.settings_updated");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode operator = event.data();
        UUID operatorId = EventData.id(operator, "id");
        if (operatorId == null || operator.get("accounts") == null) {
            log.warn("Operator event {} ({}) has no operator id or accounts; nothing to project", event.id(),
                    event.type());
            return Mono.empty();
        }
        return Flux.fromIterable(operator.get("accounts"))
                .concatMap(account -> {
                    UUID accountId = EventData.id(account, "id");
                    String environment = account.path("environment").asString("");
                    if (accountId == null) {
                        return Mono.empty();
                    }
                    return AccountStatement.sql(db, accountId, """
                            INSERT INTO account_settings (account_id, operator_id, environment, timezone,
                                   default_currency, walk_in_contact_id, settings, event_time)
                            VALUES (:account_id, :operator_id, :environment, :timezone, :currency, :walk_in,
                                   CAST(:settings AS jsonb), :time)
                            ON CONFLICT (account_id) DO UPDATE
                               SET timezone = EXCLUDED.timezone, default_currency = EXCLUDED.default_currency,
                                   walk_in_contact_id = COALESCE(EXCLUDED.walk_in_contact_id,
                                                                 account_settings.walk_in_contact_id),
                                   settings = EXCLUDED.settings, event_time = EXCLUDED.event_time
                             WHERE account_settings.event_time <= EXCLUDED.event_time
                            """)
                            .bind("operator_id", operatorId)
                            .bind("environment", environment)
                            .bind("timezone", operator.path("timezone").asString(OperatorSettings.DEFAULT_TIMEZONE))
                            .bind("currency",
                                    operator.path("default_currency").asString(OperatorSettings.DEFAULT_CURRENCY))
                            .bind("walk_in", Parameter.fromOrEmpty(
                                    EventData.id(operator.path("walk_in_contact_ids"), environment), UUID.class))
                            .bind("settings", operator.path("settings").toString())
                            .bind("time", event.time())
                            .then();
                })
                .then();
    }
}
