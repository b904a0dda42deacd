// What other features may use of Analytics: the chart box that follows its width at most every 100 ms.
export { ChartBox } from './ChartBox';
