// kubectl v1.32 output printers for the simulator. See each module for the upstream source.
export { humanDuration, shortHumanDuration, parseTimestamp, translateTimestampSince, translateTimestampUntil, formatRFC1123Z, formatRFC3339 } from './duration';
export { TabWriter, DiscardEmptyColumns, newKubectlTabWriter, newDescribeTabWriter, formatKubectlTable } from './tabwriter';
export { Quantity, parseQuantity, canonicalQuantity, listQuantity, zeroQuantity, type QuantityFormat } from './quantity';
export { summarizePod, podStatusReason, podRestartsCell, formatRestarts, NODE_UNREACHABLE_POD_REASON, type PodRowSummary } from './podstatus';
export {
  printTable,
  printTables,
  printNoResources,
  tableRows,
  tableHeaders,
  lookupResource,
  groupKindLabel,
  nodeStatus,
  makePortString,
  serviceExternalIP,
  formatEndpoints,
  ALL_CATEGORY_RESOURCES,
  RESOURCE_DEFINITIONS,
  type TableOptions,
  type ResourceGroup,
  type ResourceDefinition,
  type ColumnDefinition,
  type Cell,
} from './table';
export { describe, describeProbe, formatEndpointSlices, eventsForObject, labelSelectorMatches, podQOSClass, type DescribeContext } from './describe';
export { printJSONPath, findJSONPathResults, parseJSONPath, JSONPath, JSONPathError, type JSONPathResult } from './jsonpath';
export { printCustomColumns, parseCustomColumnsSpec, parseCustomColumnsTemplate, relaxedJSONPathExpression, type CustomColumn, type CustomColumnsResult } from './custom-columns';
export { toKubectlYaml, toKubectlJson, toListObject, yamlKeyLess, type JsonOptions } from './yaml-json';
export { formatResourceName, printNames, apiGroupOf, resourceKindPrefix } from './name';
export { formatLabels, formatLabelSelector, labelSelectorString, findNodeRoles, accessModesAsString, podRequestsAndLimits, compareGoStrings, isDefaultStorageClass, isRestartableInitContainer, escapeTerminal } from './util';
export { goSprint, goSharpV, goQuote, goJSON, formatFloatG } from './gofmt';
export { goSort } from './gosort';
