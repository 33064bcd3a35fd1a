package com.storageplatform.compliance.access.control;

import com.storageplatform.compliance.access.event.AccessEvents;
import com.storageplatform.kit.tracing.TraceLogs;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * The one entry for every report of a gate or lock system: the simulator's confirmations, the test helper's
 * entries and a live adapter's notifications all come through {@link #receive}, so a simulated report takes exactly
 * the path of a real one. Each report is applied once per (provider, report id) in {@code access_reports}, in one
 * transaction with what it does:
 * <ul>
 *   <li>{@code CONFIRMED}, {@code FAILED}: settles the command it names (a settled command never changes again; a
 *       failure is logged with the system's message); a lock command's outcome is told to {@link LockSettlements},
 *       once;</li>
 *   <li>{@code ENTRY}, {@code EXIT}, {@code DENIED}: an access event at the site of the device or credential it
 *       names ({@link AccessEvents#record}).</li>
 * </ul>
 * A report that names nothing of the account's is recorded, logged and passed over: the system is not ours to
 * refuse.
 */
@Component
public class AccessReports {

    private static final Logger log = LoggerFactory.getLogger(AccessReports.class);

    private final CommandRepository commands;
    private final LockSettlements locks;
    private final AccessEvents events;
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final Clock clock;

    AccessReports(CommandRepository commands, LockSettlements locks, AccessEvents events, DatabaseClient db,
            TransactionalOperator tx, Clock clock) {
        this.commands = commands;
        this.locks = locks;
        this.events = events;
        this.db = db;
        this.tx = tx;
        this.clock = clock;
    }

    /** Applies the report in its own transaction; answers false when it was applied before (a repeat). */
    public Mono<Boolean> receive(AccessReport report) {
        return tx.transactional(Mono.defer(() -> applyOnce(report)));
    }

    private Mono<Boolean> applyOnce(AccessReport report) {
        // Unkeyed by account: a report is the system's until it is applied to the account it names.
        return db.sql("""
                INSERT INTO access_reports (provider, report_id, kind, received_at)
                VALUES (:provider, :report_id, :kind, :received_at)
                ON CONFLICT (provider, report_id) DO NOTHING
                """)
                .bind("provider", report.provider())
                .bind("report_id", report.reportId())
                .bind("kind", report.kind().name())
                .bind("received_at", clock.instant())
                .fetch().rowsUpdated()
                .flatMap(inserted -> {
                    if (inserted == 0) {
                        log.info("Access report {} {} was received before; nothing to do", report.provider(),
                                report.reportId());
                        return Mono.just(false);
                    }
                    return apply(report).thenReturn(true);
                });
    }

    private Mono<Void> apply(AccessReport report) {
        if (report.accountId() == null) {
            return TraceLogs.log(() -> log.warn(
                    "Access report {} {} names no account; recorded and passed over", report.provider(),
                    report.reportId()));
        }
        if (report.kind().isOutcome()) {
            return settle(report);
        }
        return events.record(report.accountId(), report.provider(), report.reportId(),
                        report.kind().name().toLowerCase(Locale.ROOT), report.deviceRef(), report.credentialId(),
                        report.occurredAt())
                .switchIfEmpty(TraceLogs.log(() -> log.warn("Access report {} {} of account {} names neither a "
                        + "device nor a credential of the account; recorded and passed over", report.provider(),
                        report.reportId(), report.accountId())))
                .then();
    }

    private Mono<Void> settle(AccessReport report) {
        if (report.commandId() == null) {
            return TraceLogs.log(() -> log.warn(
                    "Access report {} {} settles no command; recorded and passed over", report.provider(),
                    report.reportId()));
        }
        boolean confirmed = report.kind() == AccessReport.Kind.CONFIRMED;
        String error = confirmed ? null
                : report.message() == null ? "The system reported a failure." : report.message();
        String status = confirmed ? AccessCommand.CONFIRMED : AccessCommand.FAILED;
        Instant at = clock.instant();
        return commands.settle(report.accountId(), report.commandId(), status, error, at)
                .doOnNext(settled -> {
                    if (!confirmed) {
                        log.warn("Command {} of account {} failed at {}: {}", report.commandId(), report.accountId(),
                                report.provider(), error);
                    }
                })
                .flatMap(settled -> settled.settledAs(locks, status, error, at).thenReturn(true))
                .switchIfEmpty(TraceLogs.log(() -> log.info("Access report {} {} names command {} of account {}, "
                        + "which is not waiting for an outcome; nothing to do", report.provider(), report.reportId(),
                        report.commandId(), report.accountId())))
                .then();
    }
}
