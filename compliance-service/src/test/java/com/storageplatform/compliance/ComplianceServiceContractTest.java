package com.storageplatform.compliance;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ServiceContract;

/** compliance-service boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@PlatformTest
class ComplianceServiceContractTest extends ServiceContract {
}
