package com.storageplatform.billing;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ServiceContract;

/** billing-service boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@PlatformTest
class BillingServiceContractTest extends ServiceContract {
}
