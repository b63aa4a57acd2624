import QtQuick
import QtCharts

// Where the time that is not useful progress goes (closed form, healthy cluster): one bar per
// kind of badput, in percent of wall time.
ChartView {
    id: chart
    property var dashboard: ({})
    title: dashboard && dashboard.valid
           ? qsTr("Badput %1% of wall time").arg(((1 - dashboard.goodputHealthy) * 100).toFixed(1))
           : qsTr("Badput")
    titleFont.pixelSize: 12
    antialiasing: true
    legend.visible: false
    margins { top: 0; bottom: 0; left: 0; right: 0 }
    backgroundRoundness: 0

    function refresh() {
        bars.clear()
        if (!dashboard || !dashboard.valid)
            return
        const labels = [], values = []
        let top = 0.1
        for (const part of dashboard.badput) {
            labels.push(chart.width > 420 ? part.label : part.short)
            values.push(part.value * 100)
            top = Math.max(top, part.value * 100)
        }
        categories.categories = labels
        valueAxis.max = Math.ceil(top * 1.15 * 10) / 10
        bars.append(qsTr("% of wall time"), values)
    }
    onDashboardChanged: refresh()
    onWidthChanged: refresh()
    Component.onCompleted: refresh()

    HorizontalBarSeries {
        id: bars
        objectName: "badputSeries"
        barWidth: 0.7
        labelsVisible: true
        labelsFormat: "@value"
        labelsPrecision: 2
        axisY: BarCategoryAxis { id: categories; labelsFont.pixelSize: 10 }
        axisX: ValueAxis { id: valueAxis; min: 0; max: 1; labelFormat: "%.1f"; labelsFont.pixelSize: 9; titleText: "%"; titleFont.pixelSize: 9 }
    }
}
