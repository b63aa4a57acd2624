import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtCharts
import PodPlanner.Views

// The Size dialog's three charts: the Pareto front of time to train against cost (a point per
// candidate's front member, the deadline as a dashed line), time to train against chips (the
// fastest placement of each size per candidate), and goodput against hot spares for the
// recommended placement. `sized` is SizeTask's result (or partial) map.
ColumnLayout {
    id: charts
    property var sized: ({})
    readonly property var palette: ["#1a73e8", "#d93025", "#188038", "#e37400", "#9334e6", "#007b83"]
    spacing: 0

    function rebuild() {
        pareto.removeAllSeries()
        chips.removeAllSeries()
        spares.removeAllSeries()
        if (!sized || !sized.front)
            return
        const candidates = sized.candidates || []
        // Pareto front, one scatter series per candidate.
        // Days on a log scale: the front runs from the biggest slice to a single cube.
        let maxDays = 1e-3, minDays = 1e12, maxCost = 1, minCost = 1e30
        for (const p of sized.front) {
            maxDays = Math.max(maxDays, p.days)
            minDays = Math.min(minDays, p.days)
            maxCost = Math.max(maxCost, p.cost)
            minCost = Math.min(minCost, p.cost)
        }
        if (sized.deadline > 0) {
            maxDays = Math.max(maxDays, sized.deadline)
            minDays = Math.min(minDays, sized.deadline)
        }
        paretoX.min = minDays / 1.3
        paretoX.max = maxDays * 1.3
        paretoY.min = Math.max(0, minCost - (maxCost - minCost) * 0.1)
        paretoY.max = maxCost + (maxCost - minCost) * 0.1 + 1
        paretoY.titleText = sized.costInUsd ? qsTr("cost, USD") : qsTr("chip-hours")
        for (let c = 0; c < candidates.length; ++c) {
            const s = pareto.createSeries(ChartView.SeriesTypeScatter, candidates[c].label, paretoX, paretoY)
            s.color = palette[c % palette.length]
            s.markerSize = 9
            s.borderColor = "transparent"
            for (const p of sized.front)
                if (p.candidateIndex === c)
                    s.append(p.days, p.cost)
        }
        if (sized.deadline > 0) {
            const d = pareto.createSeries(ChartView.SeriesTypeLine, qsTr("deadline"), paretoX, paretoY)
            d.color = "#5f6368"
            d.style = Qt.DashLine
            d.append(sized.deadline, paretoY.min)
            d.append(sized.deadline, paretoY.max)
        }
        // Time to train against chips.
        let maxChips = 1, minChips = 1e12, maxCurveDays = 1
        for (const q of sized.curve || []) {
            maxChips = Math.max(maxChips, q.chips)
            minChips = Math.min(minChips, q.chips)
            maxCurveDays = Math.max(maxCurveDays, q.days)
        }
        chipsX.min = Math.max(1, minChips / 1.5)
        chipsX.max = maxChips * 1.5
        chipsY.max = Math.min(maxCurveDays, (sized.deadline > 0 ? sized.deadline * 6 : maxCurveDays)) * 1.05
        for (let c = 0; c < candidates.length; ++c) {
            const s = chips.createSeries(ChartView.SeriesTypeLine, candidates[c].label, chipsX, chipsY)
            s.color = palette[c % palette.length]
            s.width = 2
            s.pointsVisible = true
            for (const q of sized.curve || [])
                if (q.series === c)
                    s.append(q.chips, q.days)
        }
        // Goodput against spares.
        const g = spares.createSeries(ChartView.SeriesTypeLine,
                                      sized.recommended ? sized.recommended.placement : "", sparesX, sparesY)
        g.color = palette[0]
        g.width = 2
        g.pointsVisible = true
        let lo = 1, most = 1
        for (const r of sized.spares || []) {
            g.append(r.spares, r.goodput)
            lo = Math.min(lo, r.goodput)
            most = Math.max(most, r.spares)
        }
        sparesX.max = most
        sparesY.min = Math.max(0, Math.floor(lo * 20 - 1) / 20)
    }
    onSizedChanged: rebuild()

    TabBar {
        id: tabs
        Layout.fillWidth: true
        TabButton { objectName: "paretoTab"; text: qsTr("Pareto front"); width: implicitWidth + 16 }
        TabButton { objectName: "chipsTab"; text: qsTr("Time vs chips"); width: implicitWidth + 16 }
        TabButton { objectName: "sparesTab"; text: qsTr("Goodput vs spares"); width: implicitWidth + 16 }
    }
    StackLayout {
        currentIndex: tabs.currentIndex
        Layout.fillWidth: true
        Layout.fillHeight: true
        ChartView {
            id: pareto
            objectName: "paretoChart"
            title: qsTr("Time to train against cost (Pareto front)")
            titleFont.pixelSize: 12
            titleColor: Theme.text
            backgroundColor: Theme.card
            legend.labelColor: Theme.text
            antialiasing: true
            legend.alignment: Qt.AlignBottom
            legend.font.pixelSize: 10
            LogValueAxis { id: paretoX; labelsColor: Theme.textMuted; gridLineColor: Theme.border; color: Theme.border; titleBrush: Theme.textMuted; minorGridLineColor: Theme.border; base: 10; min: 1; max: 1000; titleText: qsTr("days to train, with goodput (log scale)"); labelFormat: "%g"; minorTickCount: 8; labelsFont.pixelSize: 10; titleFont.pixelSize: 10 }
            ValueAxis { id: paretoY; labelsColor: Theme.textMuted; gridLineColor: Theme.border; color: Theme.border; titleBrush: Theme.textMuted; minorGridLineColor: Theme.border; min: 0; max: 10; labelFormat: "%.2g"; labelsFont.pixelSize: 10; titleFont.pixelSize: 10 }
        }
        ChartView {
            id: chips
            objectName: "chipsChart"
            title: qsTr("Time to train against chips")
            titleFont.pixelSize: 12
            titleColor: Theme.text
            backgroundColor: Theme.card
            legend.labelColor: Theme.text
            antialiasing: true
            legend.alignment: Qt.AlignBottom
            legend.font.pixelSize: 10
            LogValueAxis { id: chipsX; labelsColor: Theme.textMuted; gridLineColor: Theme.border; color: Theme.border; titleBrush: Theme.textMuted; minorGridLineColor: Theme.border; base: 2; min: 1; max: 16384; titleText: qsTr("chips"); labelFormat: "%d"; labelsFont.pixelSize: 10; titleFont.pixelSize: 10 }
            ValueAxis { id: chipsY; labelsColor: Theme.textMuted; gridLineColor: Theme.border; color: Theme.border; titleBrush: Theme.textMuted; minorGridLineColor: Theme.border; min: 0; max: 10; titleText: qsTr("days"); labelFormat: "%.0f"; labelsFont.pixelSize: 10; titleFont.pixelSize: 10 }
        }
        ChartView {
            id: spares
            objectName: "sparesChart"
            title: qsTr("Goodput against hot spares (recommended placement)")
            titleFont.pixelSize: 12
            titleColor: Theme.text
            backgroundColor: Theme.card
            legend.labelColor: Theme.text
            antialiasing: true
            legend.alignment: Qt.AlignBottom
            legend.font.pixelSize: 10
            ValueAxis { id: sparesX; labelsColor: Theme.textMuted; gridLineColor: Theme.border; color: Theme.border; titleBrush: Theme.textMuted; minorGridLineColor: Theme.border; min: 0; max: 16; titleText: qsTr("spare cubes or nodes"); labelFormat: "%d"; labelsFont.pixelSize: 10; titleFont.pixelSize: 10 }
            ValueAxis { id: sparesY; labelsColor: Theme.textMuted; gridLineColor: Theme.border; color: Theme.border; titleBrush: Theme.textMuted; minorGridLineColor: Theme.border; min: 0.5; max: 1; titleText: qsTr("goodput"); labelFormat: "%.2f"; labelsFont.pixelSize: 10; titleFont.pixelSize: 10 }
        }
    }
}
