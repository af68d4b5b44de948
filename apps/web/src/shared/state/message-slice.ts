import { DEFAULT_MESSAGE_TYPE } from '@nexus/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type MessageType = 'info' | 'success' | 'warning' | 'error';

/** Spec section 3: a message with text and type (default info, section 9). Not persisted. */
export interface MessageState {
  text: string;
  type: MessageType;
}

export const initialMessageState: MessageState = { text: '', type: DEFAULT_MESSAGE_TYPE };

export const messageSlice = createSlice({
  name: 'message',
  initialState: initialMessageState,
  reducers: {
    messageSet(state, action: PayloadAction<{ text: string; type?: MessageType }>) {
      state.text = action.payload.text;
      state.type = action.payload.type ?? DEFAULT_MESSAGE_TYPE;
    },
    messageCleared: () => initialMessageState,
  },
});

export const { messageSet, messageCleared } = messageSlice.actions;
