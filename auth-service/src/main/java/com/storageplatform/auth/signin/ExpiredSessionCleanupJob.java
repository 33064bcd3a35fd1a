package com.storageplatform.auth.signin;

import com.storageplatform.auth.credential.Credentials;
import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Deletes operator sessions a day after they expired (signed out or not), with the access tokens they minted for
 * the developer settings' calls to the public API: a session no longer serves anyone once it expires, and its
 * tokens lasted two minutes. The day keeps recent sign-ins at hand while someone asks about them.
 */
@Component
class ExpiredSessionCleanupJob implements ScheduledJob {

    static final Duration RETENTION = Duration.ofDays(1);
    /** Sessions deleted per statement; a run deletes batch after batch until none is left. */
    static final int BATCH = 500;

    private final OperatorSessionRepository sessions;
    private final Credentials credentials;
    private final Clock clock;

    ExpiredSessionCleanupJob(OperatorSessionRepository sessions, Credentials credentials, Clock clock) {
        this.sessions = sessions;
        this.credentials = credentials;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "expired-session-cleanup";
    }

    @Override
    public Duration interval() {
        return Duration.ofHours(1);
    }

    @Override
    public Mono<String> run() {
        Instant cutoff = clock.instant().minus(RETENTION);
        return deleteBatch(cutoff)
                .expand(deleted -> deleted.sessions() == BATCH ? deleteBatch(cutoff) : Mono.empty())
                .reduce(Deleted.NONE, Deleted::plus)
                .map(deleted -> "deleted " + deleted.sessions() + " expired operator sessions and "
                        + deleted.tokens() + " of their access tokens");
    }

    /** The sessions' tokens first: each refers to its session. */
    private Mono<Deleted> deleteBatch(Instant cutoff) {
        return sessions.expiredBefore(cutoff, BATCH).flatMap(ids -> ids.isEmpty() ? Mono.just(Deleted.NONE)
                : credentials.deleteOfSessions(ids).flatMap(tokens -> sessions.delete(ids)
                        .map(deleted -> new Deleted(deleted, tokens))));
    }

    private record Deleted(long sessions, long tokens) {

        static final Deleted NONE = new Deleted(0, 0);

        Deleted plus(Deleted other) {
            return new Deleted(sessions + other.sessions, tokens + other.tokens);
        }
    }
}
