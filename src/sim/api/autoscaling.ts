/**
 * autoscaling/v1 HorizontalPodAutoscalers as the API server takes them: converted to the stored
 * autoscaling/v2 shape (targetCPUUtilizationPercentage becomes a cpu Utilization metric).
 * upstream: pkg/apis/autoscaling/v1/conversion.go
 * (Convert_v1_HorizontalPodAutoscalerSpec_To_autoscaling_HorizontalPodAutoscalerSpec).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

export function hpaV1ToV2(obj: any): void {
  obj.apiVersion = 'autoscaling/v2';
  const spec = obj.spec;
  if (spec && typeof spec === 'object') {
    const target = spec.targetCPUUtilizationPercentage;
    delete spec.targetCPUUtilizationPercentage;
    if (target !== undefined && target !== null) spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: target } } }];
  }
  // A v1 status (currentCPUUtilizationPercentage) has no v2 field: the controller rewrites status.
  if (obj.status && typeof obj.status === 'object') delete obj.status.currentCPUUtilizationPercentage;
}
