package com.storageplatform.auth.credential;

import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Deletes OAuth access and refresh tokens a week after they expired: every client-credentials call can mint one,
 * and a dead token is kept only long enough to explain recent audit entries. API keys and static and staff tokens
 * are never deleted.
 */
@Component
class ExpiredTokenCleanupJob implements ScheduledJob {

    static final Duration RETENTION = Duration.ofDays(7);

    private final CredentialRepository credentials;
    private final Clock clock;

    ExpiredTokenCleanupJob(CredentialRepository credentials, Clock clock) {
        this.credentials = credentials;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "expired-token-cleanup";
    }

    @Override
    public Duration interval() {
        return Duration.ofHours(1);
    }

    @Override
    public Mono<String> run() {
        return credentials.deleteTokensExpiredBefore(clock.instant().minus(RETENTION))
                .map(deleted -> "deleted " + deleted + " long-expired OAuth tokens");
    }
}
