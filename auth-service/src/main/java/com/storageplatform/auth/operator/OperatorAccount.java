package com.storageplatform.auth.operator;

import com.storageplatform.kit.caller.Environment;
import java.util.UUID;

/** One of an operator's two accounts: what every credential is issued for. */
public record OperatorAccount(UUID operatorId, UUID accountId, Environment environment) {
}
