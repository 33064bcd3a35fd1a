package com.storageplatform.webhooks.delivery;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.webhooks.endpoint.StoredEndpoint;
import java.time.Clock;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The console's record of a notice: a row in {@code operator_notifications} (crm-service emails it). */
@Component
class RecordedNotifier implements OperatorNotifier {

    private final DatabaseClient db;
    private final Clock clock;

    RecordedNotifier(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    @Override
    public Mono<Void> endpointDisabled(StoredEndpoint endpoint, String reason) {
        return AccountStatement.sql(db, endpoint.accountId(), """
                INSERT INTO operator_notifications (id, account_id, operator_id, kind, subject_id, message, created_at)
                VALUES (:id, :account_id, :operator, 'webhook_endpoint.disabled', :subject, :message, :at)
                """)
                .bind("id", Ids.newId())
                .bind("operator", endpoint.operatorId())
                .bind("subject", endpoint.id())
                .bind("message", "Webhook endpoint " + endpoint.url() + " was disabled: " + reason)
                .bind("at", clock.instant())
                .then();
    }
}
