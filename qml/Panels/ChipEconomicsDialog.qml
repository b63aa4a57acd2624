import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Edit › Chip price and power: what a chip-hour costs and what a chip draws, which few chips
// have as one public figure, and a power cap where the chip's throughput under caps was
// measured. Written into the project's cluster (one undo step), so that cost, energy and the
// capped step time appear in the jobs table, the dashboard and the report; 0 leaves a figure
// unknown (or the chip uncapped).
Dialog {
    id: dialog
    required property ProjectDocument document
    readonly property var economics: document.chipEconomics
    objectName: "chipEconomicsDialog"
    title: qsTr("Price and power of %1").arg(economics.chip || "")
    modal: true
    standardButtons: Dialog.Ok | Dialog.Cancel
    width: 460
    onOpened: {
        price.text = (economics.priceUsdPerHour || 0).toString()
        power.text = (economics.powerW || 0).toString()
        cap.text = (economics.powerLimitW || 0).toString()
        price.selectAll()
        price.forceActiveFocus()
    }
    onAccepted: document.setChipEconomics(Number(price.text), Number(power.text),
                                          capRow.visible ? Number(cap.text) : 0)

    component SourceNote: Label {
        Layout.columnSpan: 2
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        font.pixelSize: 11
        color: Theme.textMuted
    }

    GridLayout {
        anchors.fill: parent
        columns: 2
        Label { text: qsTr("Price per chip-hour (USD)") }
        TextField {
            id: price
            objectName: "chipPriceField"
            Layout.fillWidth: true
            validator: DoubleValidator { bottom: 0; top: 1000; decimals: 4; notation: DoubleValidator.StandardNotation }
            onAccepted: dialog.accept()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("What one chip costs per hour, reserved or on demand; 0: unknown (no cost shown)")
        }
        SourceNote { text: qsTr("Now: %1").arg(dialog.economics.priceSource || qsTr("no source given")) }
        Label { text: qsTr("Power per chip (W)") }
        TextField {
            id: power
            objectName: "chipPowerField"
            Layout.fillWidth: true
            validator: DoubleValidator { bottom: 0; top: 100000; decimals: 1; notation: DoubleValidator.StandardNotation }
            onAccepted: dialog.accept()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("What one chip draws with its share of host, network and cooling; 0: unknown (no energy shown)")
        }
        SourceNote { text: qsTr("Now: %1").arg(dialog.economics.powerSource || qsTr("no source given")) }
        // Only a chip with a measured curve can be capped: there is nothing else to price it by.
        Label {
            id: capRow
            visible: (dialog.economics.powerLimitRange || "").length > 0
            text: qsTr("Power cap per chip (W)")
        }
        TextField {
            id: cap
            objectName: "chipPowerCapField"
            visible: capRow.visible
            Layout.fillWidth: true
            validator: DoubleValidator { bottom: 0; top: 100000; decimals: 0; notation: DoubleValidator.StandardNotation }
            onAccepted: dialog.accept()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("A power limit set on every chip (nvidia-smi -pl): slower compute, less energy. 0: no cap. Measured: %1")
                          .arg(dialog.economics.powerCurveSource || "")
            ToolTip.delay: 500
        }
        SourceNote {
            visible: capRow.visible
            text: qsTr("0: no cap; priced by the chip's throughput measured at %1. Now: %2")
                  .arg(dialog.economics.powerLimitRange || "")
                  .arg(dialog.economics.powerLimitW > 0 ? (dialog.economics.powerLimitSource || qsTr("no source given"))
                                                        : qsTr("no cap"))
        }
    }
}
