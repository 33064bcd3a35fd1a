package com.storageplatform.compliance.access.credential;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/access-credentials}: another credential for an agreement whose access is granted (a
 * fob handed over, an app key, a new gate code in place of a compromised one).
 *
 * @param agreementId a licence agreement of the account, signed, its access not held, not terminated
 * @param kind        {@code gate_code}, {@code fob} or {@code app_key}
 * @param code        for a {@code fob}, required: its number (4 to 32 letters and digits); for a
 *                    {@code gate_code}, optional: the code the customer chose (4 to 8 digits), else one is made; for
 *                    an {@code app_key}, refused: the platform makes it
 */
@Schema(requiredProperties = {"agreement_id", "kind"})
public record CreateAccessCredential(String agreementId, String kind, String code) {

    /** Never the code. */
    @Override
    public String toString() {
        return "CreateAccessCredential[agreementId=" + agreementId + ", kind=" + kind + "]";
    }
}
