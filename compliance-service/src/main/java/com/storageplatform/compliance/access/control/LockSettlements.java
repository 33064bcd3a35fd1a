package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.caller.Caller;
import reactor.core.publisher.Mono;

/**
 * Who is told when a lock command settles ({@code confirmed} or {@code failed}, whichever way: the system's report
 * through {@link AccessReports}, a refusal, an unavailable system at its last attempt, or no system at all). Told
 * once per command, in the transaction that settles it. Implemented by the overlocks' own feature.
 */
public interface LockSettlements {

    /** @param caller the account the command was for, acting for itself */
    Mono<Void> settled(Caller caller, AccessLock lock);
}
