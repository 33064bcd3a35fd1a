package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import java.util.UUID;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/test-helpers/overlocks/{id}/confirm} and {@code .../refuse}: on a test account, the simulated
 * lock system settles now, instead of after its delay, the overlock's lock command waiting for an outcome (its apply,
 * else its release). The report goes through {@link AccessReports#receive}, the path of every real report, so
 * {@code access_lock.confirmed} or {@code .failed} follows exactly as it would then. Live credentials get 404.
 */
@RestController
@ScopeFamily("access")
class OverlockTestHelperResource {

    private final CommandRepository commands;
    private final AccessControls controls;
    private final AccessReports reports;

    OverlockTestHelperResource(CommandRepository commands, AccessControls controls, AccessReports reports) {
        this.commands = commands;
        this.controls = controls;
        this.reports = reports;
    }

    /**
     * The lock system carried out the overlock's waiting lock command (its apply, else its release): 200 with the
     * command's outcome ({@code access_lock}). 404 when the account has no lock command for the overlock (billing's
     * request not arrived yet), 403 at another site than the credential's, 409 when none is waiting for an outcome.
     */
    @PostMapping("/v1/test-helpers/overlocks/{id}/confirm")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<AccessLock>> confirm(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return settle(caller, id, true);
    }

    /**
     * The lock system could not carry out the overlock's waiting lock command: 200 with the command {@code failed}
     * and the system's reason ({@code access_lock}). Errors as for {@code confirm}.
     */
    @PostMapping("/v1/test-helpers/overlocks/{id}/refuse")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<AccessLock>> refuse(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return settle(caller, id, false);
    }

    private Mono<Envelopes.Data<AccessLock>> settle(Caller caller, String overlockId, boolean confirm) {
        if (caller.environment() != Environment.TEST) {
            throw ApiException.notFound();
        }
        UUID account = caller.accountId();
        String reference = Ids.fromPath(overlockId).toString();
        return commands.waitingLock(account, reference)
                // Site restriction before the state: a settled overlock of another site is 403, not its 409.
                .switchIfEmpty(Mono.defer(() -> commands.anyLock(account, reference)
                        .switchIfEmpty(Mono.error(ApiException::notFound))
                        .flatMap(settled -> {
                            SiteAccess.require(caller, settled.siteId());
                            return Mono.error(ApiException.conflict("No lock command of overlock " + reference
                                    + " is waiting for an outcome: its apply and release are settled."));
                        })))
                .flatMap(command -> {
                    SiteAccess.require(caller, command.siteId());
                    SimulatedAccessControl simulator = controls.simulator();
                    AccessReport report = confirm ? simulator.confirmed(account, command.id())
                            : simulator.refused(account, command.id(), command.unitId());
                    return reports.receive(report).then(Mono.defer(() -> commands.lockOutcome(account,
                            command.id())));
                })
                .map(Envelopes::data);
    }
}
