package com.storageplatform.compliance.access.credential;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The pure rules of credentials: the create body (every bad field in one 422), the reasons, the actions' moves. */
final class CredentialRules {

    private CredentialRules() {
    }

    /** The create body's fields, checked; the code as stored (a fob's number upper case), null to make one. */
    record Terms(UUID agreementId, String kind, String code) {

        /** Never the code. */
        @Override
        public String toString() {
            return "Terms[agreementId=" + agreementId + ", kind=" + kind + "]";
        }
    }

    static Terms check(Validation v, CreateAccessCredential b) {
        UUID agreementId = v.requiredId("agreement_id", b.agreementId());
        String kind = b.kind();
        v.require("kind", kind).oneOf("kind", kind, AccessCredential.KINDS);
        String code = b.code() == null ? null : b.code().strip();
        if (AccessCredential.FOB.equals(kind)) {
            v.require("code", code).check(code != null && !code.isEmpty() && !Codes.isFobNumber(code), "code",
                    FieldIssue.INVALID);
            code = code == null || code.isEmpty() ? null : Codes.fobNumber(code);
        } else if (AccessCredential.GATE_CODE.equals(kind)) {
            v.check(code != null && !Codes.isGateCode(code), "code", FieldIssue.INVALID);
        } else if (AccessCredential.APP_KEY.equals(kind)) {
            v.check(code != null, "code", FieldIssue.NOT_ALLOWED);
        }
        return new Terms(agreementId, kind, code);
    }

    /** The reason of a suspension or revocation the operator asks for: one of its own, {@code other} by default. */
    static String operatorReason(CredentialAction body) {
        String reason = body == null || body.reason() == null ? AccessCredential.OTHER : body.reason();
        if (!AccessCredential.OPERATOR_REASONS.contains(reason)) {
            throw ApiException.invalid("reason", AccessCredential.REASONS.contains(reason) ? FieldIssue.NOT_ALLOWED
                    : FieldIssue.INVALID, "reason must be one of " + String.join(", ",
                    AccessCredential.OPERATOR_REASONS) + ".");
        }
        return reason;
    }

    /** Only an active credential can be suspended. */
    static void requireSuspendable(AccessCredential c) {
        if (!AccessCredential.ACTIVE.equals(c.status())) {
            throw invalidTransition("This access credential is " + c.status() + ": only an active one can be "
                    + "suspended.");
        }
    }

    /**
     * Only a suspended credential can be reinstated, and not one an overlock suspended while an overlock of its
     * agreement is in force: it is reinstated when the overlock is released. Once none is (its apply failed, and the
     * operator locks and unlocks by hand), staff may.
     */
    static void requireReinstatable(AccessCredential c, boolean overlockInForce) {
        if (!AccessCredential.SUSPENDED.equals(c.status())) {
            throw invalidTransition("This access credential is " + c.status() + ": only a suspended one can be "
                    + "reinstated.");
        }
        if (AccessCredential.OVERLOCK.equals(c.reason()) && overlockInForce) {
            throw invalidTransition("This access credential is suspended by an overlock on the unit: it is "
                    + "reinstated when the overlock is released.");
        }
    }

    /** A revoked credential stays revoked. */
    static void requireRevocable(AccessCredential c) {
        if (!c.isLive()) {
            throw invalidTransition("This access credential is revoked already: revoking is final.");
        }
    }

    private static ApiException invalidTransition(String message) {
        return new ApiException(ErrorCode.CONFLICT, ErrorCode.CONFLICT.status(), message,
                List.of(new FieldIssue("status", FieldIssue.INVALID_TRANSITION)), Map.of());
    }
}
