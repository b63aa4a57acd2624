import QtQuick
import QtCharts
import PodPlanner.Views

// Goodput from the start of the run to the end of each day, from the Monte Carlo: the median
// and the 5th-95th percentile band, with the closed form as a reference line.
ChartView {
    id: chart
    property var result: ({})
    title: qsTr("Goodput over time (Monte Carlo)")
    titleFont.pixelSize: 12
    titleColor: Theme.text
    backgroundColor: Theme.card
    legend.labelColor: Theme.text
    antialiasing: true
    legend.font.pixelSize: 10
    legend.alignment: Qt.AlignBottom
    margins { top: 0; bottom: 0; left: 0; right: 0 }
    backgroundRoundness: 0

    function refresh() {
        for (const s of [p5, p50, p95, closed])
            s.clear()
        if (!result || !result.days || result.days.length === 0)
            return
        let lo = 1
        for (let d = 0; d < result.days.length; ++d) {
            p5.append(result.days[d], result.p5[d])
            p50.append(result.days[d], result.p50[d])
            p95.append(result.days[d], result.p95[d])
            lo = Math.min(lo, result.p5[d])
        }
        closed.append(1, result.closedForm)
        closed.append(result.days[result.days.length - 1], result.closedForm)
        xAxis.max = result.days[result.days.length - 1]
        yAxis.min = Math.max(0, Math.floor(Math.min(lo, result.closedForm) * 20 - 1) / 20)
    }
    onResultChanged: refresh()

    ValueAxis { id: xAxis; labelsColor: Theme.textMuted; gridLineColor: Theme.border; color: Theme.border; titleBrush: Theme.textMuted; minorGridLineColor: Theme.border; min: 1; max: 30; titleText: qsTr("day"); labelFormat: "%d"; labelsFont.pixelSize: 10; titleFont.pixelSize: 10 }
    ValueAxis { id: yAxis; labelsColor: Theme.textMuted; gridLineColor: Theme.border; color: Theme.border; titleBrush: Theme.textMuted; minorGridLineColor: Theme.border; min: 0.5; max: 1; labelFormat: "%.2f"; labelsFont.pixelSize: 10 }
    LineSeries { id: p95; name: qsTr("p95"); axisX: xAxis; axisY: yAxis; color: Theme.accentSoft; width: 1 }
    LineSeries { id: p50; objectName: "goodputMedian"; name: qsTr("median"); axisX: xAxis; axisY: yAxis; color: Theme.accent; width: 2 }
    LineSeries { id: p5; name: qsTr("p5"); axisX: xAxis; axisY: yAxis; color: Theme.accentSoft; width: 1 }
    LineSeries { id: closed; name: qsTr("closed form"); axisX: xAxis; axisY: yAxis; color: Theme.good; style: Qt.DashLine; width: 1 }
}
